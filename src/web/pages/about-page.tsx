import { AboutHero } from '../features/about/about-hero.tsx';
import { MissionVision } from '../features/about/mission-vision.tsx';
import { Values } from '../features/about/values.tsx';
import { Honesty } from '../features/about/honesty.tsx';
import { Founder } from '../features/about/founder.tsx';
import { AboutCallToAction } from '../features/about/about-cta.tsx';
import '../styles/about.css';
import '../styles/cards.css';

/** The About page (SPEC §2). Every word on it comes from the "content" catalog (i18n/en/content.json). */
export function AboutPage() {
  return (
    <div className="about">
      <AboutHero />
      <MissionVision />
      <Values />
      <Founder />
      <Honesty />
      <AboutCallToAction />
    </div>
  );
}
