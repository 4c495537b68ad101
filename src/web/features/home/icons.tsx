import type { ReactNode } from 'react';

/**
 * Small line icons drawn inline, so pages make no extra requests. They are decoration only: the
 * text beside each one says the same thing, so screen readers skip them.
 */
function LineIcon({ className = 'icon', children }: { className?: string; children: ReactNode }) {
  // Stroke width, caps and colour come from the .line-icon rule in global.css.
  return (
    <svg className={`${className} line-icon`} viewBox="0 0 24 24" aria-hidden="true">
      {children}
    </svg>
  );
}

interface IconProps {
  className?: string;
}

export function ChatIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z" />
      <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
    </LineIcon>
  );
}

export function MicIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7" />
    </LineIcon>
  );
}

export function ClockIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </LineIcon>
  );
}

export function CompassIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </LineIcon>
  );
}

export function EarIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M6 9a6 6 0 0 1 12 0c0 3.5-3 4.5-3 7.5a3.5 3.5 0 0 1-6.3 2.1" />
      <path d="M9 9.5a3 3 0 0 1 6 0c0 1.5-1.5 2-1.5 3.5" />
    </LineIcon>
  );
}

export function HeartIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M12 20s-7.5-4.6-9-9.2C2 7.6 4.2 5 7 5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 2.8 0 5 2.6 4 5.8-1.5 4.6-9 9.2-9 9.2z" />
    </LineIcon>
  );
}

export function InfoIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5M12 8h.01" />
    </LineIcon>
  );
}

export function ShieldIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M12 3l7 3v5.5c0 4.3-3 8-7 9.5-4-1.5-7-5.2-7-9.5V6z" />
      <path d="M9 12l2 2 4-4" />
    </LineIcon>
  );
}

export function PersonIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
    </LineIcon>
  );
}

export function SparkIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.8 2.8M15.6 15.6l2.8 2.8M5.6 18.4l2.8-2.8M15.6 8.4l2.8-2.8" />
    </LineIcon>
  );
}

export function QuoteMark({ className }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 49 36" aria-hidden="true">
      <path
        fill="currentColor"
        d="M0 36V21.6C0 9.5 6.3 2.3 18.9 0l2.2 5.2C14.6 7.1 11.2 11 11 17h9.6v19zm27.4 0V21.6C27.4 9.5 33.7 2.3 46.3 0l2.2 5.2C42 7.1 38.6 11 38.4 17H48v19z"
      />
    </svg>
  );
}

export function ArrowIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </LineIcon>
  );
}

export function CheckIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </LineIcon>
  );
}
