import { describe, expect, it } from 'vitest';
import { compileAll, localMoment, openStatus, type ScheduleRule } from './openness.ts';

function rule(fields: Partial<ScheduleRule>): ScheduleRule {
  return {
    freq: 'WEEKLY',
    byday: null,
    bymonthday: null,
    opens_at: null,
    closes_at: null,
    valid_from: null,
    valid_to: null,
    dtstart: null,
    until: null,
    interval: null,
    ...fields,
  };
}

const at = (iso: string) => Date.parse(iso);
const status = (rules: ScheduleRule[], iso: string) => openStatus(compileAll(rules), at(iso));

describe('open status from HSDS schedules (America/Los_Angeles wall clock)', () => {
  const fridayPantry = [rule({ byday: 'FR', opens_at: '13:30', closes_at: '14:30' })];

  it('opens_at is inclusive and closes_at exclusive', () => {
    expect(status(fridayPantry, '2026-11-27T13:30:00-08:00')).toEqual({ status: 'open', closes_at: '2026-11-27T22:30:00.000Z', opens_at: null });
    expect(status(fridayPantry, '2026-11-27T14:30:00-08:00')).toEqual({ status: 'closed', closes_at: null, opens_at: '2026-12-04T21:30:00.000Z' });
    expect(status(fridayPantry, '2026-11-27T13:29:59-08:00').status).toBe('closed');
  });

  it('reads an instant given in UTC on the local day (02:00Z Thursday is Wednesday 18:00)', () => {
    const wednesday = [rule({ byday: 'WE', opens_at: '16:00', closes_at: '18:40' })];
    expect(status(wednesday, '2026-11-26T02:00:00Z').status).toBe('open');
  });

  it('compares summer times on the wall clock (PDT)', () => {
    const saturday = [rule({ byday: 'SA', opens_at: '09:00', closes_at: '11:00' })];
    expect(status(saturday, '2026-07-18T09:30:00-07:00')).toEqual({ status: 'open', closes_at: '2026-07-18T18:00:00.000Z', opens_at: null });
  });

  it('treats 00:00–23:59 every day as open round the clock', () => {
    const always = [rule({ byday: 'MO,TU,WE,TH,FR,SA,SU', opens_at: '00:00', closes_at: '23:59' })];
    expect(status(always, '2026-11-24T03:00:00-08:00')).toEqual({ status: 'open', closes_at: null, opens_at: null });
  });

  it('follows an overnight opening past midnight', () => {
    const overnight = [rule({ byday: 'MO', opens_at: '20:00', closes_at: '08:00' })];
    expect(status(overnight, '2026-11-24T02:00:00-08:00')).toEqual({ status: 'open', closes_at: '2026-11-24T16:00:00.000Z', opens_at: null });
    expect(status(overnight, '2026-11-24T09:00:00-08:00').status).toBe('closed');
  });

  it('reads monthly rules: the 2nd Tuesday, and the 1st and 15th', () => {
    const secondTuesday = [rule({ freq: 'MONTHLY', byday: '2TU', opens_at: '10:00', closes_at: '12:00' })];
    expect(status(secondTuesday, '2026-11-10T10:30:00-08:00').status).toBe('open');
    expect(status(secondTuesday, '2026-11-17T10:30:00-08:00').status).toBe('closed');
    const monthDays = [rule({ freq: 'MONTHLY', bymonthday: '1,15', opens_at: '09:00', closes_at: '10:00' })];
    expect(status(monthDays, '2026-11-15T09:15:00-08:00').status).toBe('open');
    expect(status(monthDays, '2026-11-16T09:15:00-08:00').status).toBe('closed');
  });

  it('honours valid_from / valid_to', () => {
    const seasonal = [rule({ byday: 'TU', opens_at: '09:00', closes_at: '17:00', valid_to: '2026-11-01' })];
    expect(status(seasonal, '2026-11-24T10:00:00-08:00')).toEqual({ status: 'closed', closes_at: null, opens_at: null });
  });

  it('says "unknown", never a guess, without schedules or with one it cannot read', () => {
    expect(status([], '2026-11-24T10:00:00-08:00')).toEqual({ status: 'unknown', closes_at: null, opens_at: null });
    const unreadable = [rule({ byday: 'MO', opens_at: '9am', closes_at: '5pm' }), rule({ byday: 'TU', opens_at: '09:00', closes_at: '17:00' })];
    expect(status(unreadable, '2026-11-24T10:00:00-08:00').status).toBe('unknown');
    expect(status([rule({ freq: 'YEARLY', opens_at: '09:00', closes_at: '17:00' })], '2026-11-24T10:00:00-08:00').status).toBe('unknown');
  });

  it('honours an explicit UTC offset in the times', () => {
    const offset = [rule({ byday: 'TU', opens_at: '09:00-08:00', closes_at: '17:00-08:00' })];
    expect(status(offset, '2026-11-24T17:30:00Z').status).toBe('open');
  });

  it('knows the Pacific weekday of an instant', () => {
    expect(localMoment(at('2026-11-26T02:00:00Z'))).toMatchObject({ weekday: 3, minute: 18 * 60 });
  });
});
