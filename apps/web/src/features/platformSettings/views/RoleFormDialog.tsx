import { Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { FormField } from '@/components/FormField';
import { useMasterProductOptionsQuery, useRoleCreateMutation, useRoleUpdateMutation, type RoleFieldsFragment } from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';
import { ProductField } from '@/features/platformSettings/components/ProductField';
import { FormDialog } from '@/components/FormDialog';

// The shared rules load when the dialog opens, keeping zod off the list's first paint.
const roleInputSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.roleInput);
const roleChangesSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.roleChangesInput);

type Props = { onClose: () => void };

const NameAndDescription = () => (
  <>
    <FormField name="name" label="Role name" required help="Unique within the product, such as Manager" testId="role-name">
      {(control) => <Input {...control} autoComplete="off" />}
    </FormField>
    <FormField name="description" label="Description" help="What people with this role do" testId="role-description">
      {(control) => <Textarea {...control} rows={3} />}
    </FormField>
  </>
);

/** Adds a role to a product; organisations can give it to their people at once. */
export function RoleAddDialog({ onClose }: Props) {
  const products = useMasterProductOptionsQuery();
  const [createRole] = useRoleCreateMutation({ update: (cache) => dropListPages(cache, 'roles') });
  const kit = useMutationForm({
    schema: roleInputSchema,
    defaultValues: { productId: '', name: '', description: '' },
    call: async ({ productId, ...role }) =>
      (await createRole({ variables: { input: { productId: String(productId), ...role } } })).data?.createRole,
    onSuccess: (payload) => {
      toaster.success({ title: `${payload.role?.name} added` });
      onClose();
    },
  });
  return (
    <FormDialog noun="role" title="Add a role" kit={kit} submitLabel="Add role" onClose={onClose}>
      <Stack gap="4">
        <ProductField products={products.data?.products ?? []} testId="role-product" />
        <NameAndDescription />
      </Stack>
    </FormDialog>
  );
}

/** Renames a role or changes its description; its product stays, since people hold it for that product. */
export function RoleEditDialog({ role, onClose }: Props & { role: RoleFieldsFragment }) {
  const [updateRole] = useRoleUpdateMutation();
  const kit = useMutationForm({
    schema: roleChangesSchema,
    defaultValues: { name: role.name, description: role.description ?? '' },
    call: async (changes) => (await updateRole({ variables: { input: { id: role.id, ...changes } } })).data?.updateRole,
    onSuccess: (payload) => {
      toaster.success({ title: `${payload.role?.name} saved` });
      onClose();
    },
  });
  return (
    <FormDialog noun="role" title={`Edit ${role.name}`} kit={kit} submitLabel="Save" onClose={onClose}>
      <Stack gap="4">
        <Text color="fg.muted" data-testid="role-product-name">
          Product: {role.productName}
        </Text>
        <NameAndDescription />
      </Stack>
    </FormDialog>
  );
}
