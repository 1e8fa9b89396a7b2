import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { recordId, requiredText } from './rules';

/** What a key may do: read only, or read and change, within its reach. */
export const API_KEY_ACCESS = ['READ', 'READ_WRITE'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/**
 * A key for an internal tool, made by one of the provider's SuperAdmins: a name that says which
 * tool holds it, what it may do, and its reach, every organisation (no organisation) or one.
 */
export const apiKeyInput = z.object({
  name: requiredText('Name the key after the tool that will hold it', 80),
  access: z.enum(API_KEY_ACCESS, { error: 'Choose whether the key may only read or also change' }),
  // Blank (the form's "Every organisation"), null and absent all mean every organisation.
  organizationId: z
    .union([z.literal(''), recordId('Choose the organisation the key reaches')])
    .nullish()
    .transform((value) => (value === '' || value == null ? null : value)),
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
  revokedAt: 'RevokedAt',
  isActive: 'IsActive',
} as const satisfies FieldMap;
