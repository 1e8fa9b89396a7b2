import { LICENCE_EXPIRY_WARNING_DAYS } from '@yozy/shared';
import dayjs from 'dayjs';

/** A licence this close to its last day shows a warning, so there is time to renew it (and its renewal can be asked for). */
export const EXPIRY_WARNING_DAYS = LICENCE_EXPIRY_WARNING_DAYS;

export type Expiry = { state: 'expired' | 'soon' | 'fine'; daysLeft: number };

/** How a licence valid till `validTill` (YYYY-MM-DD, its last day) stands on `today`. */
export function expiryOf(validTill: string, today: dayjs.ConfigType = new Date()): Expiry {
  const daysLeft = dayjs(validTill).startOf('day').diff(dayjs(today).startOf('day'), 'day');
  if (daysLeft < 0) return { state: 'expired', daysLeft };
  return { state: daysLeft <= EXPIRY_WARNING_DAYS ? 'soon' : 'fine', daysLeft };
}

/** "Expires today", "Expires in 12 days", "Expired". */
export function expiryLabel({ state, daysLeft }: Expiry): string {
  if (state === 'expired') return 'Expired';
  if (daysLeft === 0) return 'Expires today';
  return `Expires in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
}
