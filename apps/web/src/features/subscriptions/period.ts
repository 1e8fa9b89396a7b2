import { onePeriodAfter } from '@yozy/shared/period';

/** Today in the browser's calendar, written YYYY-MM-DD. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The day one period of a plan (a month or a year) after `day`. */
export const onePeriodLater = onePeriodAfter;
