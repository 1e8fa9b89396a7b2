import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { requiredText } from './rules';

/**
 * The provider's lists an organisation's business vertical and client type are chosen from, by the
 * REST field each list fills.
 */
export const ORGANIZATION_CHOICE_LISTS = ['BusinessVertical', 'ClientType'] as const;
export type OrganizationChoiceList = (typeof ORGANIZATION_CHOICE_LISTS)[number];

/** How people call each list and one entry of it. */
export const ORGANIZATION_CHOICE_WORDS = {
  BusinessVertical: { list: 'Business verticals', one: 'business vertical' },
  ClientType: { list: 'Client types', one: 'client type' },
} as const satisfies Record<OrganizationChoiceList, { list: string; one: string }>;

export const MAX_ORGANIZATION_CHOICE_NAME = 100;
const choiceName = requiredText('Enter the name', MAX_ORGANIZATION_CHOICE_NAME);

/** A new entry of one of the lists: organisations can choose it at once. */
export const organizationChoiceInput = z.object({
  list: z.enum(ORGANIZATION_CHOICE_LISTS, { error: 'Choose business vertical or client type' }),
  name: choiceName,
});

/** An entry's new name: organisations that chose it follow the new name. */
export const organizationChoiceRenameInput = z.object({ name: choiceName });

export type OrganizationChoiceInput = z.input<typeof organizationChoiceInput>;
export type OrganizationChoiceRenameInput = z.input<typeof organizationChoiceRenameInput>;

/** An entry's fields as the REST service names them. */
export const ORGANIZATION_CHOICE_REST_FIELDS = {
  id: 'ChoiceId',
  list: 'ChoiceList',
  name: 'ChoiceName',
  active: 'IsActive',
  organizationCount: 'OrganizationCount',
} as const satisfies FieldMap;
