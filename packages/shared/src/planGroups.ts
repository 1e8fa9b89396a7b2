import { LITE_PLAN_GROUP } from './constants';

/**
 * The plan groups as the console names them: the group is a code the service acts on (the lite
 * group sends people to the lite product), never shown as it is kept.
 */
export const PLAN_GROUP_LABELS: Readonly<Record<string, string>> = {
  [LITE_PLAN_GROUP]: 'Lite',
  STANDARD: 'Standard',
};

/** A plan group in words: MICROSAAS → "Lite"; a group added since reads as a word (ENTERPRISE_PLUS → "Enterprise plus"). */
export function planGroupLabel(group: string): string {
  const known = PLAN_GROUP_LABELS[group];
  if (known) return known;
  const words = group.replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
