/**
 * Open or closed at a moment, from HSDS 3.0 schedules (RFC 5545-style recurrence: freq, byday,
 * bymonthday, opens_at, closes_at, valid_from/valid_to, dtstart/until). Times are wall-clock times in
 * America/Los_Angeles unless the schedule writes an offset ("09:00-08:00"), which is then honoured.
 * A schedule this module cannot read makes the answer "unknown" (call for hours), never a guess.
 */
import { serviceWallClock } from '../../../shared/service-wall-clock.ts';

export interface ScheduleRule {
  freq: string | null;
  byday: string | null;
  bymonthday: string | null;
  opens_at: string | null;
  closes_at: string | null;
  valid_from: string | null;
  valid_to: string | null;
  dtstart: string | null;
  until: string | null;
  interval: number | null;
}

export interface OpenStatus {
  status: 'open' | 'closed' | 'unknown';
  /** ISO instant the current opening ends; null when open round the clock (or not open). */
  closes_at: string | null;
  /** ISO instant of the next opening within two weeks; null when open or none is known. */
  opens_at: string | null;
}

const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const MINUTES_PER_DAY = 24 * 60;
const DAY_MS = 86_400_000;
/** How far ahead the next opening is looked for. */
const LOOKAHEAD_DAYS = 14;

/** A Pacific calendar day as a day number (days since 1970-01-01 of that calendar date). */
export interface LocalMoment {
  dayNumber: number;
  /** 0 = Sunday. */
  weekday: number;
  /** Minutes since local midnight, with seconds as a fraction. */
  minute: number;
}

export function localMoment(instantMs: number): LocalMoment {
  const wall = serviceWallClock(instantMs);
  const dayNumber = Math.floor(Date.UTC(wall.year, wall.month - 1, wall.day) / DAY_MS);
  return {
    dayNumber,
    weekday: (((dayNumber + 4) % 7) + 7) % 7,
    minute: wall.hour * 60 + wall.minute + wall.second / 60,
  };
}

const offsetCache = new Map<number, number>();

/** The instant of a Pacific wall-clock time (minutes after midnight of `dayNumber`). */
export function pacificInstant(dayNumber: number, minute: number): number {
  const naive = dayNumber * DAY_MS + minute * 60_000;
  const key = dayNumber * MINUTES_PER_DAY + Math.round(minute);
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    // The zone's offset is -7 or -8 hours; try both and keep the one that reads back as the wall time.
    offset = 8 * 3_600_000;
    for (const candidate of [7 * 3_600_000, 8 * 3_600_000]) {
      const back = localMoment(naive + candidate);
      if (back.dayNumber === dayNumber && Math.abs(back.minute - minute) < 1) {
        offset = candidate;
        break;
      }
    }
    if (offsetCache.size > 50_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return naive + offset;
}

interface ClockTime {
  minute: number;
  /** Offset east of UTC in minutes when the time names one. */
  offsetMinutes: number | null;
}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*(Z|[+-]\d{2}:?\d{2}))?$/;

export function parseClockTime(value: string | null): ClockTime | null {
  if (!value) return null;
  const match = TIME.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 24 || minutes > 59) return null;
  let offsetMinutes: number | null = null;
  const zone = match[4];
  if (zone === 'Z') offsetMinutes = 0;
  else if (zone) {
    const digits = zone.replace(':', '');
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
  }
  return { minute: hours * 60 + minutes, offsetMinutes };
}

function dateToDayNumber(value: string | null): number | null {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  return Math.floor(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS);
}

interface ByDay {
  weekday: number;
  /** 1..5 or -1 (last) for MONTHLY "2TU" / "-1FR"; null for every such weekday. */
  ordinal: number | null;
}

function parseByDay(value: string | null): ByDay[] | null {
  if (!value || value.trim() === '') return [];
  const result: ByDay[] = [];
  for (const raw of value.split(',')) {
    const match = /^\s*([+-]?\d)?\s*(SU|MO|TU|WE|TH|FR|SA)\s*$/i.exec(raw);
    if (!match) return null;
    result.push({
      weekday: DAY_CODES.indexOf(match[2]!.toUpperCase() as (typeof DAY_CODES)[number]),
      ordinal: match[1] ? Number(match[1]) : null,
    });
  }
  return result;
}

/** A schedule turned into a test "does it open on this local day, and when". Null = unreadable. */
export interface CompiledSchedule {
  opensOn(dayNumber: number): boolean;
  /** Opening interval on a day that `opensOn`, as instants. */
  interval(dayNumber: number): [number, number];
}

export function compileSchedule(rule: ScheduleRule): CompiledSchedule | null {
  const opens = parseClockTime(rule.opens_at);
  const closes = parseClockTime(rule.closes_at);
  if (!opens || !closes) return null;
  const freq = (rule.freq ?? 'WEEKLY').trim().toUpperCase();
  if (freq !== 'WEEKLY' && freq !== 'MONTHLY' && freq !== 'DAILY') return null;
  if (rule.interval !== null && rule.interval !== undefined && rule.interval !== 1) return null;
  const byday = parseByDay(rule.byday);
  if (byday === null) return null;
  const bymonthday = rule.bymonthday
    ? rule.bymonthday.split(',').map((part) => Number(part.trim()))
    : [];
  if (bymonthday.some((day) => !Number.isInteger(day) || day === 0 || Math.abs(day) > 31)) return null;
  if (freq === 'WEEKLY' && byday.length === 0) return null;
  if (freq === 'MONTHLY' && byday.length === 0 && bymonthday.length === 0) return null;
  const from = dateToDayNumber(rule.valid_from) ?? dateToDayNumber(rule.dtstart);
  const to = dateToDayNumber(rule.valid_to) ?? dateToDayNumber(rule.until);

  const toInstant = (dayNumber: number, time: ClockTime): number =>
    time.offsetMinutes === null
      ? pacificInstant(dayNumber, time.minute)
      : dayNumber * DAY_MS + (time.minute - time.offsetMinutes) * 60_000;
  // "23:59" is HSDS's way to say "until midnight".
  const closesMinute = closes.minute === 23 * 60 + 59 ? MINUTES_PER_DAY : closes.minute;
  const overnight = closesMinute <= opens.minute;

  return {
    opensOn(dayNumber) {
      if (from !== null && dayNumber < from) return false;
      if (to !== null && dayNumber > to) return false;
      const weekday = (((dayNumber + 4) % 7) + 7) % 7;
      if (freq === 'DAILY') return byday.length === 0 || byday.some((day) => day.weekday === weekday);
      if (freq === 'WEEKLY') return byday.some((day) => day.weekday === weekday);
      const date = new Date(dayNumber * DAY_MS);
      const monthDay = date.getUTCDate();
      const daysInMonth = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
      if (bymonthday.length > 0 && !bymonthday.some((day) => (day > 0 ? day : daysInMonth + day + 1) === monthDay)) return false;
      if (byday.length === 0) return true;
      const nth = Math.ceil(monthDay / 7);
      const fromEnd = -Math.ceil((daysInMonth - monthDay + 1) / 7);
      return byday.some((day) => day.weekday === weekday && (day.ordinal === null || day.ordinal === nth || day.ordinal === fromEnd));
    },
    interval(dayNumber) {
      const start = toInstant(dayNumber, opens);
      const end = closesMinute === MINUTES_PER_DAY
        ? pacificInstant(dayNumber + 1, 0)
        : toInstant(overnight ? dayNumber + 1 : dayNumber, { minute: closesMinute, offsetMinutes: closes.offsetMinutes });
      return [start, end];
    },
  };
}

const MERGE_GAP_MS = 60_000;

/**
 * Open status at `atMs` from a service's schedules. No schedules, or any schedule that cannot be
 * read, gives "unknown": a partial reading could call a place closed that is open.
 */
export function openStatus(schedules: readonly CompiledSchedule[] | null, atMs: number): OpenStatus {
  if (!schedules || schedules.length === 0) return { status: 'unknown', closes_at: null, opens_at: null };
  const today = localMoment(atMs).dayNumber;
  const intervals: Array<[number, number]> = [];
  for (let day = today - 1; day <= today + LOOKAHEAD_DAYS; day++) {
    for (const schedule of schedules) if (schedule.opensOn(day)) intervals.push(schedule.interval(day));
  }
  intervals.sort((a, b) => a[0] - b[0]);
  const current = intervals.find(([start, end]) => start <= atMs && atMs < end);
  if (!current) {
    const next = intervals.find(([start]) => start > atMs);
    return { status: 'closed', closes_at: null, opens_at: next ? new Date(next[0]).toISOString() : null };
  }
  // Follow back-to-back openings (a 24/7 line is one 00:00–23:59 opening a day).
  let end = current[1];
  for (const [start, stop] of intervals) if (start <= end + MERGE_GAP_MS && stop > end) end = stop;
  const roundTheClock = end - atMs >= (LOOKAHEAD_DAYS - 1) * DAY_MS;
  return { status: 'open', closes_at: roundTheClock ? null : new Date(end).toISOString(), opens_at: null };
}

/**
 * Only the status, for ranking thousands of services: looks at yesterday's and today's openings, not
 * two weeks ahead. `openStatus` then adds the times for the services actually returned.
 */
export function statusAt(schedules: readonly CompiledSchedule[] | null, atMs: number, today: number): OpenStatus['status'] {
  if (!schedules || schedules.length === 0) return 'unknown';
  for (let day = today - 1; day <= today; day++) {
    for (const schedule of schedules) {
      if (!schedule.opensOn(day)) continue;
      const [start, end] = schedule.interval(day);
      if (start <= atMs && atMs < end) return 'open';
    }
  }
  return 'closed';
}

/** Every schedule compiled, or null when one cannot be read (the service's hours are then unknown). */
export function compileAll(rules: readonly ScheduleRule[]): CompiledSchedule[] | null {
  const compiled: CompiledSchedule[] = [];
  for (const rule of rules) {
    const schedule = compileSchedule(rule);
    if (!schedule) return null;
    compiled.push(schedule);
  }
  return compiled;
}
