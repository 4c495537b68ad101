import { SERVICE_TIME_ZONE } from './services-api.ts';

/** What a clock on the wall in the services' time zone shows at an instant. */
export interface ServiceWallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  /** "Sun" to "Sat" (English, short). */
  weekday: string;
  /** 0 to 23. */
  hour: number;
  minute: number;
  second: number;
}

const wallClockParts = new Intl.DateTimeFormat('en-US', {
  timeZone: SERVICE_TIME_ZONE,
  weekday: 'short',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall clock of America/Los_Angeles at `instant`: opening hours and "opens Tue 9 AM" are read on it. */
export function serviceWallClock(instant: Date | number): ServiceWallClock {
  const parts: Record<string, string> = {};
  for (const part of wallClockParts.formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: parts.weekday ?? '',
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}
