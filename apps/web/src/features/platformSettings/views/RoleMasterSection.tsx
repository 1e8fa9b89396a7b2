import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuArchive, LuArchiveRestore, LuTrash2 } from 'react-icons/lu';
import { BooleanFilterSelect, FilterSelect, type DataTableColumn } from '@/components/DataTable';
import {
  RoleMasterDocument,
  useMasterProductOptionsQuery,
  useRoleDeleteMutation,
  useRoleMasterQuery,
  useRoleSetActiveMutation,
  type RoleFieldsFragment,
} from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { throwIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { MasterSection, type MasterAction } from '@/features/platformSettings/master/MasterSection';
import { roleList } from '@/features/platformSettings/roleList';
import { RoleAddDialog, RoleEditDialog } from './RoleFormDialog';

type Role = RoleFieldsFragment;

const people = (count: number) => (count === 1 ? '1 person holds' : `${count} people hold`);

/** The role master: each product's roles that organisations give their people, with how many hold each. */
export function RoleMasterSection() {
  const list = useListState(roleList);
  const { table } = useListQuery(useRoleMasterQuery, RoleMasterDocument, list, (answer) => answer.roles);
  const products = useMasterProductOptionsQuery();
  const [setActive] = useRoleSetActiveMutation({ update: (cache) => dropListPages(cache, 'roles') });
  const [deleteRole] = useRoleDeleteMutation({ update: (cache) => dropListPages(cache, 'roles') });

  const columns = useMemo<DataTableColumn<Role>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: 'Role' },
      { id: 'product', accessorKey: 'productName', header: 'Product', enableSorting: false },
      {
        id: 'description',
        header: 'Description',
        enableSorting: false,
        meta: { csv: (role) => role.description ?? '' },
        cell: ({ row: { original: role } }) => (
          <Text as="span" color={role.description ? undefined : 'fg.muted'}>
            {role.description ?? '—'}
          </Text>
        ),
      },
      { id: 'people', accessorKey: 'userCount', header: 'People', meta: { numeric: true }, enableSorting: false },
      {
        id: 'status',
        header: 'Status',
        meta: { csv: (role) => (role.active ? 'Offered' : 'Retired') },
        cell: ({ row: { original: role } }) => (
          <Text as="span" color={role.active ? 'fg.success' : 'fg.muted'} fontWeight="medium">
            {role.active ? 'Offered' : 'Retired'}
          </Text>
        ),
      },
    ],
    [],
  );

  const actions = useMemo<MasterAction<Role>[]>(() => {
    const offer = async (role: Role, active: boolean) => {
      const answer = await setActive({ variables: { input: { id: role.id, active } } });
      throwIfRefused(answer.data?.setRoleActive);
      toaster.success({ title: active ? `${role.name} is offered again` : `${role.name} retired` });
    };
    return [
      {
        value: 'retire',
        label: 'Retire',
        icon: <LuArchive aria-hidden />,
        when: (role) => role.active,
        confirm: (role) => ({
          title: `Retire ${role.name}?`,
          confirmLabel: 'Retire role',
          body: `${role.name} of ${role.productName} will no longer be offered for invitations and imports. ${people(role.userCount)} it and keep it.`,
        }),
        run: (role) => offer(role, false),
      },
      {
        value: 'reactivate',
        label: 'Offer again',
        icon: <LuArchiveRestore aria-hidden />,
        when: (role) => !role.active,
        run: (role) => offer(role, true),
        failure: (role) => `${role.name} could not be offered again`,
      },
      {
        // A role someone holds stays; it can only be retired.
        value: 'delete',
        label: 'Delete',
        icon: <LuTrash2 aria-hidden />,
        destructive: true,
        when: (role) => role.userCount === 0,
        confirm: (role) => ({
          title: `Delete ${role.name}?`,
          confirmLabel: 'Delete role',
          body: `Nobody holds ${role.name} of ${role.productName}. Deleting it cannot be undone.`,
        }),
        run: async (role) => {
          const answer = await deleteRole({ variables: { input: { id: role.id } } });
          throwIfRefused(answer.data?.deleteRole);
          toaster.success({ title: `${role.name} deleted` });
        },
      },
    ];
  }, [setActive, deleteRole]);

  const productOptions = [
    ['', 'All products'] as const,
    ...(products.data?.products ?? []).map((product) => [product.id, product.name] as const),
  ];

  return (
    <MasterSection
      noun="role"
      label="Roles"
      addLabel="Add role"
      emptyDescription="Add the first role organizations can give their people."
      rowName={(role) => `${role.name} (${role.productName})`}
      columns={columns}
      actions={actions}
      {...table}
      search={{ label: 'Search roles', placeholder: 'Role, description or product' }}
      filters={
        <>
          <FilterSelect
            label="Product"
            value={list.filter.productId ?? ''}
            options={productOptions}
            onChange={(productId) => list.setFilter('productId', productId || null)}
            testId="role-product-filter"
          />
          <BooleanFilterSelect
            label="Show"
            value={list.filter.active}
            labels={{ all: 'All roles', true: 'Offered', false: 'Retired' }}
            onChange={(active) => list.setFilter('active', active)}
            testId="role-status-filter"
          />
        </>
      }
      form={(role, close) => (role ? <RoleEditDialog role={role} onClose={close} /> : <RoleAddDialog onClose={close} />)}
    />
  );
}
