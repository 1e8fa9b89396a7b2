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
