import { Link } from 'react-router';

/** A row of links to other pages as buttons: the first is the main way on, the rest are secondary. */
export function LinkButtons({ links }: { links: readonly { to: string; label: string }[] }) {
  return (
    <p className="button-row">
      {links.map(({ to, label }, index) => (
        <Link key={to} className={index === 0 ? 'button button-primary' : 'button button-secondary'} to={to}>
          {label}
        </Link>
      ))}
    </p>
  );
}
