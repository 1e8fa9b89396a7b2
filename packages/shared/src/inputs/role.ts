import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { optionalText, recordId, requiredText } from './rules';

const roleName = requiredText('Enter the role name', 60);
const roleDescription = optionalText(300);

/** A new role of one product, which organisations can then give their people. */
export const roleInput = z.object({
  productId: recordId('Choose the product'),
  name: roleName,
  description: roleDescription,
});

/** A role's new name and description; its product never changes, since people hold it for that product. */
export const roleChangesInput = z.object({ name: roleName, description: roleDescription });

export type RoleInput = z.input<typeof roleInput>;
export type RoleChangesInput = z.input<typeof roleChangesInput>;

/** A role's fields as the REST service names them. */
export const ROLE_REST_FIELDS = {
  id: 'RoleId',
  productId: 'ProductId',
  productName: 'ProductName',
  name: 'RoleName',
  description: 'Description',
  active: 'IsActive',
  userCount: 'UserCount',
} as const satisfies FieldMap;
