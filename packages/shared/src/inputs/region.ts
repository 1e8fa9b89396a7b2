import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { requiredText } from './rules';

export const REGION_CODE_MESSAGE = 'Use small letters and digits in parts joined by -, such as eu-west-1';
export const MAX_REGION_CODE = 32;

const regionName = requiredText('Enter the region name', 100);

/** A new region: organisations' default regions name it by its code, which never changes afterwards. */
export const regionInput = z.object({
  code: requiredText('Enter the region code', MAX_REGION_CODE)
    .transform((code) => code.toLowerCase())
    .refine((code) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(code), REGION_CODE_MESSAGE),
  name: regionName,
});

/** A region's new name; its code stays, since organisations' settings name it. */
export const regionRenameInput = z.object({ name: regionName });

export type RegionInput = z.input<typeof regionInput>;
export type RegionRenameInput = z.input<typeof regionRenameInput>;

/** A region's fields as the REST service names them. */
export const REGION_REST_FIELDS = {
  id: 'RegionId',
  code: 'RegionCode',
  name: 'RegionName',
  active: 'IsActive',
  organizationCount: 'OrganizationCount',
} as const satisfies FieldMap;
