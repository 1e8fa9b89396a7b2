import { LITE_PLAN_GROUP } from './constants';

/**
 * The plan groups the provider sells under: a closed list, since the group decides where people are
 * sent after setting a password (MICROSAAS selects the lite product) and a typo would silently send
 * them elsewhere. The values are what the plan master stores; the words are what people read.
 */
export const PLAN_GROUPS = [LITE_PLAN_GROUP, 'STANDARD'] as const;
export type PlanGroup = (typeof PLAN_GROUPS)[number];

/** Each plan group in words, in the order people choose from. */
export const PLAN_GROUP_LABELS: Readonly<Record<PlanGroup, string>> = { MICROSAAS: 'Lite', STANDARD: 'Standard' };

export const PLAN_GROUP_MESSAGE = 'Choose Lite or Standard';

export const isPlanGroup = (value: string): value is PlanGroup => (PLAN_GROUPS as readonly string[]).includes(value);

/**
 * A plan group in words. A group stored before the list was closed has no words of its own: it is
 * shown as it is stored, so nobody mistakes it for one of the list.
 */
export function planGroupLabel(value: string): string {
  return isPlanGroup(value) ? PLAN_GROUP_LABELS[value] : value;
}
