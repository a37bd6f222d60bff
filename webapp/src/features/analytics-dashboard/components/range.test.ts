import { addDays, dayMs, lastDays, presetOf, rangeDays, rangeFromParams, rangeProblem, todayUtc } from './range';

describe('the dashboard range (docs/spec.md section 2.15)', () => {
  it('reads only calendar days', () => {
    expect(dayMs('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    for (const bad of ['2023-02-29', '2026-13-01', '2026-1-01', '', 'today', '2026-01-01T00:00']) expect(dayMs(bad)).toBeNaN();
  });

  it('counts days with both ends included, across months and leap days', () => {
    expect(rangeDays({ from: '2026-11-25', to: '2026-11-25' })).toBe(1);
    expect(rangeDays({ from: '2024-02-01', to: '2024-03-01' })).toBe(30);
    expect(addDays('2024-03-01', -29)).toBe('2024-02-01');
    expect(lastDays(7, '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(lastDays(90, '2026-11-25')).toEqual({ from: '2026-08-28', to: '2026-11-25' });
  });

  it("is today's UTC day, not the local one", () => {
    expect(todayUtc(new Date('2026-11-25T23:30:00-05:00'))).toBe('2026-11-26');
  });

  it('says what is wrong with a range the server would refuse', () => {
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-30' })).toBeNull();
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull(); // 366 days
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toBe('Choose at most 366 days (this range holds 367).');
    expect(rangeProblem({ from: '2026-11-02', to: '2026-11-01' })).toBe('The first day must not be after the last day.');
    expect(rangeProblem({ from: '', to: '2026-11-01' })).toBe('Enter the first day as a date.');
    expect(rangeProblem({ from: '2026-11-01', to: '2026-02-30' })).toBe('Enter the last day as a date.');
  });

  it('comes from the URL, else is the 30 days ending today', () => {
    expect(rangeFromParams(new URLSearchParams('from=2026-10-01&to=2026-10-07'), '2026-11-25')).toEqual({ from: '2026-10-01', to: '2026-10-07' });
    expect(rangeFromParams(new URLSearchParams('from=2026-10-01'), '2026-11-25')).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(rangeFromParams(new URLSearchParams(), '2026-11-25')).toEqual({ from: '2026-10-27', to: '2026-11-25' });
  });

  it('knows which preset a range is', () => {
    expect(presetOf({ from: '2026-11-19', to: '2026-11-25' }, '2026-11-25')).toBe(7);
    expect(presetOf({ from: '2026-10-27', to: '2026-11-25' }, '2026-11-25')).toBe(30);
    expect(presetOf({ from: '2026-10-27', to: '2026-11-24' }, '2026-11-25')).toBeNull();
  });
});
