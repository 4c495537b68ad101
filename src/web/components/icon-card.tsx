import type { ComponentType, ReactNode } from 'react';

/** A card of a list (Home's benefits, About's values): its icon in a soft square, a title and a text. */
export function IconCard({
  variant,
  Icon,
  title,
  body,
  children,
}: {
  /** The card's class; its icon's is the same with `-icon`. */
  variant: 'home-card' | 'about-value';
  Icon: ComponentType<{ className?: string }>;
  title: string;
  body: string;
  children?: ReactNode;
}) {
  return (
    <li className={variant}>
      <span className={`${variant}-icon`}>
        <Icon />
      </span>
      <h3>{title}</h3>
      <p>{body}</p>
      {children}
    </li>
  );
}
