// Kept apart from the input schemas so a screen can use it without loading zod.

/** The day a period of a plan (a month or a year) after `date` (YYYY-MM-DD): the same day of the month where it exists. */
export function onePeriodAfter(date: string, frequency: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const yearly = frequency === 'YEARLY';
  const target = new Date(Date.UTC(yearly ? year + 1 : year, yearly ? month - 1 : month, 1));
  // The last day of a shorter month stands in for a day it does not have (31 January + a month = 28 or 29 February).
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}
