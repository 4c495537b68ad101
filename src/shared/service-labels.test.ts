import { describe, expect, it } from 'vitest';
import { distanceLabel, freshnessLabel, openLabel, renderServiceLabel } from './service-labels.ts';

const AT = '2026-11-24T16:20:00-08:00'; // Tuesday 4:20 PM Pacific
const words = (label: Parameters<typeof renderServiceLabel>[0] | null) => (label ? renderServiceLabel(label) : null);

describe('service labels shared by the web page and the assistant', () => {
  it('counts down the last hour before closing', () => {
    expect(words(openLabel({ status: 'open', closes_at: '2026-11-25T01:00:00.000Z', opens_at: null }, AT))).toBe('Open now, closes in 40 min');
    expect(words(openLabel({ status: 'open', closes_at: '2026-11-25T03:30:00.000Z', opens_at: null }, AT))).toBe('Open now until 7:30 PM');
    expect(words(openLabel({ status: 'open', closes_at: null, opens_at: null }, AT))).toBe('Open 24 hours');
  });

  it('names the next opening: today, tomorrow, or the weekday', () => {
    expect(words(openLabel({ status: 'closed', closes_at: null, opens_at: '2026-11-25T03:00:00.000Z' }, AT))).toBe('Closed, opens today 7 PM');
    expect(words(openLabel({ status: 'closed', closes_at: null, opens_at: '2026-11-25T17:00:00.000Z' }, AT))).toBe('Closed, opens tomorrow 9 AM');
    expect(words(openLabel({ status: 'closed', closes_at: null, opens_at: '2026-12-01T17:00:00.000Z' }, AT))).toBe('Closed, opens Tue 9 AM');
    expect(words(openLabel({ status: 'closed', closes_at: null, opens_at: null }, AT))).toBe('Closed now');
  });

  it('says "Call for hours" when the hours are unknown', () => {
    expect(words(openLabel({ status: 'unknown', closes_at: null, opens_at: null }, AT))).toBe('Call for hours');
  });

  it('says how fresh a record is, and warns when it is old or unverified', () => {
    expect(words(freshnessLabel({ assured_date: '2026-08-20', verified: true, stale: false }, AT))).toBe('Verified 3 months ago');
    expect(words(freshnessLabel({ assured_date: '2026-11-14', verified: true, stale: false }, AT))).toBe('Verified 10 days ago');
    expect(words(freshnessLabel({ assured_date: '2025-08-08', verified: true, stale: true }, AT))).toBe('Last verified 2025-08-08: call before you go');
    expect(words(freshnessLabel({ assured_date: null, verified: false, stale: true }, AT))).toBe('Not verified: call to confirm, or call 211');
  });

  it('gives distances in miles, or feet when very close', () => {
    expect(words(distanceLabel(488))).toBe('0.3 mi away');
    expect(words(distanceLabel(60))).toBe('200 ft away');
    expect(words(distanceLabel(20_000))).toBe('12 mi away');
    expect(distanceLabel(null)).toBeNull();
  });
});
