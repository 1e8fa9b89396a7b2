import { Badge, Box, Button, Flex, HStack, Heading, Tabs, Text } from '@chakra-ui/react';
import { parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { useMemo, useState } from 'react';
import { LuFileUp, LuUserPlus } from 'react-icons/lu';
import { DataTable, FilterSelect, type DataTableColumn } from '@/components/DataTable';
import { PageHeader } from '@/components/PageHeader';
import {
  UserExportDocument,
  UserListDocument,
  useUserInviteMutation,
  useUserListQuery,
  useUserSeatsQuery,
  type UserExportQuery,
  type UserFieldsFragment,
} from '@/generated/graphql';
import { useExportAllRows } from '@/lib/collectPages';
import type { CsvColumn } from '@/lib/csv';
import { asTypedText } from '@/lib/csvText';
import { formatDateTime } from '@/lib/dates';
import { USER_STATUS_LABELS } from '@/lib/labels';
import { dropListPages } from '@/lib/listCache';
import { menuEntryName } from '@/lib/menu';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { useMutationForm } from '@/lib/useMutationForm';
import { ImportUsersDialog } from '@/features/users/components/ImportUsersDialog';
import { InviteUserDialog } from '@/features/users/components/InviteUserForm';
import { SeatSummary } from '@/features/users/components/SeatSummary';
import { UserStatusBadge } from '@/components/UserStatusBadge';
import { personPath, userManagementPath } from '@/features/users/urls';
import { RecordLink } from '@/components/RecordLink';
import { USER_STATUSES, userList } from '@/features/users/userList';
import { InvitationsPanel } from './InvitationsPanel';
import { useUserBulkActions } from './useUserBulkActions';

// The shared rules load when the person starts on the form, keeping zod off the list's first paint.
const inviteUserInputSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.inviteUserInput);

const EMPTY_INVITATION = {
  firstName: '',
  lastName: '',
  email: '',
  departmentName: '',
  departmentCode: '',
  phone: '',
  roleId: '',
  typeOfUser: 'User' as const,
};

const fullName = (user: UserFieldsFragment) => `${user.firstName} ${user.lastName}`.trim();

/** A row of the list; an exported row carries the person's roles too. */
type UserRow = UserFieldsFragment & { roles?: UserExportQuery['users']['nodes'][number]['roles'] };

/**
 * The export's columns after the list's own: one per product any exported person holds a role on,
 * named after the product, with that person's role on it (empty when they hold none).
 */
function roleColumns(rows: readonly UserRow[]): CsvColumn<UserRow>[] {
  const products = new Map<string, string>();
  for (const row of rows) for (const role of row.roles ?? []) products.set(role.productId, role.productName);
  return [...products]
    .sort(([, a], [, b]) => a.localeCompare(b))
    .map(([productId, productName]) => ({
      header: `Role on ${productName}`,
      value: (row) =>
        (row.roles ?? [])
          .filter((role) => role.productId === productId)
          .map((role) => role.roleName)
          .join('; '),
    }));
}

// Both lists keep their page, search, sort and status under the same keys: switching drops them.
const VIEW_KEYS = {
  view: parseAsStringLiteral(['users', 'invitations'] as const).withDefault('users'),
  page: parseAsString,
  size: parseAsString,
  sort: parseAsString,
  q: parseAsString,
  status: parseAsString,
};

export type UsersScreenProps = {
  /** The organisation shown; the viewer's own when left out (a SuperAdmin names it on the provider's organisation tab). */
  organizationId?: string;
  /** Shown inside another page (the provider's organisation tab): no page title of its own. */
  embedded?: boolean;
};

/**
 * The people of one organisation: who is active, invited or disabled, searched, filtered and
 * sorted on the server with the state in the address; seats used of capacity; inviting someone;
 * and a link to each person's own page.
 */
export function UsersScreen({ organizationId, embedded = false }: UsersScreenProps) {
  const [{ view }, setView] = useQueryStates(VIEW_KEYS, { history: 'push' });
  const list = useListState(userList);
  const variables = { ...list.variables, organizationId };
  const { table } = useListQuery(useUserListQuery, UserListDocument, { ...list, variables }, (answer) => answer.users);
  // The export reads the same list with each person's roles, which the table does not show.
  const exportRows = useExportAllRows(UserExportDocument, variables, (answer) => answer.users);
  const seats = useUserSeatsQuery({ variables: { organizationId } });
  const [inviting, setInviting] = useState(false);
  const [importing, setImporting] = useState(false);
  const { bulkActions, dialog } = useUserBulkActions(organizationId);

  const [invite] = useUserInviteMutation({
    update: (cache) => {
      dropListPages(cache, 'users');
      dropListPages(cache, 'userSeats');
    },
  });
  const kit = useMutationForm({
    schema: inviteUserInputSchema,
    defaultValues: EMPTY_INVITATION,
    call: async (values) =>
      (
        await invite({
          variables: {
            organizationId,
            input: { ...values, roleId: String(values.roleId), typeOfUser: values.typeOfUser === 'OrgAdmin' ? 'ORG_ADMIN' : 'USER' },
          },
        })
      ).data?.inviteUser,
    onSuccess: (_payload, values) => {
      setInviting(false);
      kit.clear();
      toaster.success({ title: 'Invitation sent', description: `${values.email} can now choose a password from the mailed link.` });
    },
  });

  const columns = useMemo<DataTableColumn<UserRow>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorFn: fullName,
        cell: ({ row }) => (
          <HStack gap="2">
            <RecordLink to={personPath(row.original.id, organizationId)} testId="user-open">
              {fullName(row.original)}
            </RecordLink>
            {row.original.typeOfUser === 'ORG_ADMIN' && (
              <Badge variant="outline" colorPalette="brand" data-testid="user-admin">
                Admin
              </Badge>
            )}
          </HStack>
        ),
      },
      { id: 'email', header: 'Email', accessorKey: 'email' },
      // Exported as typed: a spreadsheet would otherwise drop a + or leading zeros.
      { id: 'phone', header: 'Phone', accessorKey: 'phone', meta: { csv: (user) => asTypedText(user.phone) } },
      {
        id: 'department',
        header: 'Department',
        accessorFn: (user) => user.departmentName,
        cell: ({ row }) => (
          <>
            {row.original.departmentName}
            {row.original.departmentCode && (
              <Text as="span" color="fg.muted" ms="1">
                ({row.original.departmentCode})
              </Text>
            )}
          </>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (user) => USER_STATUS_LABELS[user.status],
        cell: ({ row }) => <UserStatusBadge status={row.original.status} />,
      },
      {
        id: 'created',
        header: 'Created',
        accessorFn: (user) => user.createdAt,
        cell: ({ getValue }) => formatDateTime(getValue<string>()),
        // ISO 8601 in the export, which spreadsheets and scripts read as a date and time.
        meta: { csv: (user) => user.createdAt },
      },
    ],
    [organizationId],
  );

  const productSeats = seats.data?.userSeats;
  const canInvite = productSeats !== undefined && productSeats.some((product) => product.roles.length > 0);
  const openInvitation = () => {
    kit.prepareCaptcha();
    setInviting(true);
  };
  const inviteButton = (
    <Button colorPalette="brand" onClick={openInvitation} disabled={!canInvite} data-testid="invite-open">
      <LuUserPlus aria-hidden />
      Invite user
    </Button>
  );

  return (
    <Box data-testid="users-screen">
      {embedded ? (
        <Heading as="h2" size="lg" mb="4">
          Users
        </Heading>
      ) : (
        <PageHeader title={menuEntryName(userManagementPath)} />
      )}
      <Flex justify="space-between" align="start" gap="4" wrap="wrap">
        <Box flex="1" minW="16rem">
          <SeatSummary seats={productSeats} loading={seats.loading} />
        </Box>
        <Flex gap="3" wrap="wrap">
          <Button variant="outline" onClick={() => setImporting(true)} disabled={!canInvite} data-testid="import-open">
            <LuFileUp aria-hidden />
            Import
          </Button>
          {inviteButton}
        </Flex>
      </Flex>
      <Tabs.Root
        value={view}
        onValueChange={(details) =>
          void setView({
            view: details.value === 'invitations' ? 'invitations' : null,
            page: null,
            size: null,
            sort: null,
            q: null,
            status: null,
          })
        }
        colorPalette="brand"
        lazyMount
        unmountOnExit
      >
        <Tabs.List mb="4">
          <Tabs.Trigger value="users" data-testid="users-tab">
            Users
          </Tabs.Trigger>
          <Tabs.Trigger value="invitations" data-testid="invitations-tab">
            Invitations
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="users" p="0">
          <DataTable
            label="Users"
            columns={columns}
            {...table}
            exportRows={exportRows}
            exportColumns={roleColumns}
            getRowId={(user) => user.id}
            getRowLabel={fullName}
            empty={{
              title: 'No users yet',
              description: 'Invite the people of your organization to give them access.',
              action: inviteButton,
            }}
            search={{ label: 'Search users', placeholder: 'Name, email or department' }}
            filters={
              <FilterSelect
                label="Status"
                value={list.filter.status ?? ''}
                options={[['', 'All users'], ...USER_STATUSES.map((status) => [status, USER_STATUS_LABELS[status]] as const)]}
                onChange={(status) => list.setFilter('status', status || null)}
                testId="user-status-filter"
              />
            }
            bulkActions={bulkActions}
            testId="users-table"
          />
        </Tabs.Content>
        <Tabs.Content value="invitations" p="0">
          <InvitationsPanel organizationId={organizationId} />
        </Tabs.Content>
      </Tabs.Root>
      {importing && <ImportUsersDialog organizationId={organizationId} seats={productSeats ?? []} onClose={() => setImporting(false)} />}
      <InviteUserDialog open={inviting} onClose={() => setInviting(false)} kit={kit} seats={productSeats ?? []} />
      {dialog}
    </Box>
  );
}
