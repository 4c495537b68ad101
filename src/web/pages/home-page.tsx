import { HomeHero } from '../features/home/hero.tsx';
import { DonateBox } from '../features/home/donate-box.tsx';
import { Benefits } from '../features/home/benefits.tsx';
import { GetSupport } from '../features/home/get-support.tsx';
import { Testimonials } from '../features/home/testimonials.tsx';
import '../styles/home.css';
import '../styles/cards.css';

/** The home page (SPEC §2). Every word on it comes from the "content" catalog (i18n/en/content.json). */
export function HomePage() {
  return (
    <div className="home">
      <HomeHero />
      <DonateBox />
      <Benefits />
      <GetSupport />
      <Testimonials />
    </div>
  );
}
