import type { ReactNode } from 'react';

/** A Home section with a heading and an introduction above its content. */
export function HomeSection({
  className = 'home-section',
  headingId,
  heading,
  intro,
  children,
}: {
  className?: string;
  headingId: string;
  heading: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={headingId}>
      <div className="home-section-inner">
        <h2 id={headingId} className="home-section-heading">
          {heading}
        </h2>
        <p className="home-section-intro">{intro}</p>
        {children}
      </div>
    </section>
  );
}
