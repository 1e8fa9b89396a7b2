import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { isCalendarDay } from './licence';
import { recordId, requiredText } from './rules';

/** What a key may do: read only, or read and change, within its reach. */
export const API_KEY_ACCESS = ['READ', 'READ_WRITE'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

const EXPIRES_MESSAGE = 'Enter the last day the key works, such as 2027-01-31, or leave it empty';

/**
 * A key for an internal tool, made by one of the provider's SuperAdmins: a name that says which
 * tool holds it, what it may do, and its reach, every organisation (no organisation) or one.
 */
export const apiKeyInput = z.object({
  name: requiredText('Name the key after the tool that will hold it', 80),
  access: z.enum(API_KEY_ACCESS, { error: 'Choose whether the key may only read or also change' }),
  // Blank (the form's "Every organisation"), null and absent all mean every organisation.
  organizationId: z
    .union([z.literal(''), recordId('Choose the organization the key reaches')])
    .nullish()
    .transform((value) => (value === '' || value == null ? null : value)),
  /** The last day the key works (through its end, UTC); none: until it is revoked. */
  expiresOn: z
    .string({ error: EXPIRES_MESSAGE })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isCalendarDay(value), EXPIRES_MESSAGE),
});

export type ApiKeyInput = z.input<typeof apiKeyInput>;

/** An API key's fields: the GraphQL name of each, and the REST service's. */
export const API_KEY_REST_FIELDS = {
  id: 'KeyId',
  name: 'Name',
  access: 'Access',
  organizationId: 'ClientId',
  organizationName: 'CompanyName',
  prefix: 'KeyPrefix',
  createdByName: 'CreatedByName',
  createdAt: 'CreatedAt',
  lastUsedAt: 'LastUsedAt',
  expiresOn: 'ExpiresOn',
  expiresAt: 'ExpiresAt',
  revokedAt: 'RevokedAt',
  isActive: 'IsActive',
} as const satisfies FieldMap;
