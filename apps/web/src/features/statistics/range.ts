/** The longest range the statistics may cover, as the server allows it. */
export const MAX_RANGE_DAYS = 366;
/** The days shown when the address names none. */
export const DEFAULT_RANGE_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today as the server counts days (UTC), YYYY-MM-DD. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** A YYYY-MM-DD day that exists (not 2026-02-30). */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The last `days` days up to today, today included. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = todayUtc(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** Why a range cannot be shown, or null when it can; the same rules the server keeps. */
export function rangeProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (!isDay(from)) return { field: 'from', message: 'Choose the first day' };
  if (!isDay(to)) return { field: 'to', message: 'Choose the last day' };
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (days < 1) return { field: 'from', message: 'The first day must not be after the last day' };
  if (days > MAX_RANGE_DAYS) return { field: 'from', message: `Choose at most ${MAX_RANGE_DAYS} days` };
  return null;
}
