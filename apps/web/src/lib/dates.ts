import { DATE_FORMAT, DATE_TIME_FORMAT } from '@yozy/shared';
import dayjs from 'dayjs';

type DateInput = string | number | Date | null | undefined;

// A table cell with no date shows nothing rather than "Invalid Date".
function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(pattern) : '';
}

/** 'MMM DD YYYY, hh:mm A' in the browser's time zone, e.g. 'Mar 05 2026, 02:07 PM'. */
export function formatDateTime(value: DateInput): string {
  return format(value, DATE_TIME_FORMAT);
}

/** 'DD-MM-YYYY', e.g. '05-03-2026'. */
export function formatDate(value: DateInput): string {
  return format(value, DATE_FORMAT);
}

/** The first instant of a calendar day (YYYY-MM-DD) in the reader's time zone, for a "from" filter. */
export function dayStart(day: string): string {
  return dayjs(day).startOf('day').toISOString();
}

/** The last instant of a calendar day (YYYY-MM-DD) in the reader's time zone, for a "to" filter. */
export function dayEnd(day: string): string {
  return dayjs(day).endOf('day').toISOString();
}

/** How a person types a day, as the console shows one. */
export const DAY_PATTERN_HINT = 'DD-MM-YYYY';

/**
 * The calendar day (YYYY-MM-DD) of a day typed as DD-MM-YYYY ('25-11-2026'; '/' or '.' between
 * the parts too, one-digit day and month allowed), or null when the text is no such day (31-02-2026).
 */
export function parseDay(text: string): string | null {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** What a day field says about typed text that is not a day it takes, or null when it is one. */
export function dayProblem(text: string, { min, max }: { min?: string; max?: string } = {}): string | null {
  if (text.trim() === '') return null;
  const day = parseDay(text);
  if (!day) return `Type the day as ${DAY_PATTERN_HINT}, such as 25-11-2026`;
  if (min && day < min) return `Choose ${formatDate(min)} or later`;
  if (max && day > max) return `Choose ${formatDate(max)} or earlier`;
  return null;
}
