import { useTranslation } from 'react-i18next';
import { QuoteMark } from './icons.tsx';

/** Sample stories, written to show the kind of help Ellis gives; the page says they are samples. */
const STORIES = ['housing', 'listening', 'food'] as const;

export function Testimonials() {
  const { t } = useTranslation('content');
  return (
    <section className="home-section home-section-warm" aria-labelledby="stories-heading">
      <div className="home-section-inner">
        <h2 id="stories-heading" className="home-section-heading">
          {t('home.testimonials.heading')}
        </h2>
        <p className="home-section-intro">{t('home.testimonials.intro')}</p>
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
      </div>
    </section>
  );
}
