import { useTranslation } from 'react-i18next';
import { QuoteMark } from './icons.tsx';
import { HomeSection } from './home-section.tsx';

/** Sample stories, written to show the kind of help Ellis gives; the page says they are samples. */
const STORIES = ['housing', 'listening', 'food'] as const;

export function Testimonials() {
  const { t } = useTranslation('content');
  return (
    <HomeSection
      className="home-section home-section-warm"
      headingId="stories-heading"
      heading={t('home.testimonials.heading')}
      intro={t('home.testimonials.intro')}
    >
      <ul className="home-stories">
        {STORIES.map((id) => (
          <li key={id}>
            <figure className="home-story">
              <QuoteMark className="home-story-mark" />
              <blockquote>
                <p>{t(`home.testimonials.${id}.quote`)}</p>
              </blockquote>
              <figcaption>
                <span className="home-story-by">{t(`home.testimonials.${id}.by`)}</span>
                <span className="home-story-tag">{t('home.testimonials.sampleTag')}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
