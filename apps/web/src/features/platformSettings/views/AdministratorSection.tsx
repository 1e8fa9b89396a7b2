import { Badge, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuUserCheck, LuUserX } from 'react-icons/lu';
import { BooleanFilterSelect, type DataTableColumn } from '@/components/DataTable';
import { UserStatusBadge } from '@/components/UserStatusBadge';
import {
  AdministratorListDocument,
  useAdministratorListQuery,
  useAdministratorSetActiveMutation,
  useViewerQuery,
  type AdministratorFieldsFragment,
} from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { dropListPages } from '@/lib/listCache';
import { throwIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { administratorList } from '@/features/platformSettings/administratorList';
import { MasterSection, type MasterAction } from '@/features/platformSettings/master/MasterSection';
import { AdministratorInviteDialog } from './AdministratorInviteDialog';

type Administrator = AdministratorFieldsFragment;

const fullName = (administrator: Administrator) => `${administrator.firstName} ${administrator.lastName}`.trim();

/** The provider's administrators: invite another SuperAdmin, deactivate one or activate them again. */
export function AdministratorSection() {
  const list = useListState(administratorList);
  const { table } = useListQuery(useAdministratorListQuery, AdministratorListDocument, list, (answer) => answer.administrators);
  const viewer = useViewerQuery().data?.viewer;
  const [setActive] = useAdministratorSetActiveMutation({ update: (cache) => dropListPages(cache, 'administrators') });

  const columns = useMemo<DataTableColumn<Administrator>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorFn: fullName,
        cell: ({ row: { original: administrator } }) => (
          <Text as="span">
            {fullName(administrator)}
            {administrator.id === viewer?.id && (
              <Badge ms="2" variant="outline" data-testid="administrator-you">
                You
              </Badge>
            )}
          </Text>
        ),
      },
      { id: 'email', accessorKey: 'email', header: 'Email' },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        meta: { csv: (administrator) => administrator.status },
        cell: ({ row: { original: administrator } }) => <UserStatusBadge status={administrator.status} />,
      },
      {
        id: 'twoFactor',
        header: 'Two-factor',
        enableSorting: false,
        meta: { csv: (administrator) => (administrator.twoFactorOn ? 'On' : 'Off') },
        cell: ({ row: { original: administrator } }) => (
          <Text as="span" color={administrator.twoFactorOn ? 'fg.success' : 'fg.muted'}>
            {administrator.twoFactorOn ? 'On' : 'Off'}
          </Text>
        ),
      },
      {
        id: 'lastSignIn',
        header: 'Last sign-in',
        enableSorting: false,
        meta: { csv: (administrator) => administrator.lastSignInAt ?? '' },
        cell: ({ row: { original: administrator } }) =>
          administrator.lastSignInAt ? (
            formatDateTime(administrator.lastSignInAt)
          ) : (
            <Text as="span" color="fg.muted">
              Never
            </Text>
          ),
      },
    ],
    [viewer?.id],
  );

  const actions = useMemo<MasterAction<Administrator>[]>(() => {
    const change = async (administrator: Administrator, active: boolean) => {
      const answer = await setActive({ variables: { input: { id: administrator.id, active } } });
      throwIfRefused(answer.data?.setAdministratorActive);
      toaster.success({ title: active ? `${fullName(administrator)} can sign in again` : `${fullName(administrator)} deactivated` });
    };
    return [
      {
        value: 'deactivate',
        label: 'Deactivate',
        icon: <LuUserX aria-hidden />,
        destructive: true,
        // Nobody deactivates themself; the service also keeps the last active administrator.
        when: (administrator) => administrator.status !== 'DISABLED' && administrator.id !== viewer?.id,
        confirm: (administrator) => ({
          title: `Deactivate ${fullName(administrator)}?`,
          confirmLabel: 'Deactivate',
          body: `${fullName(administrator)} is signed out at once and can no longer sign in to the provider console.`,
        }),
        run: (administrator) => change(administrator, false),
      },
      {
        value: 'activate',
        label: 'Activate',
        icon: <LuUserCheck aria-hidden />,
        when: (administrator) => administrator.status === 'DISABLED',
        run: (administrator) => change(administrator, true),
        failure: (administrator) => `${fullName(administrator)} could not be activated`,
      },
    ];
  }, [setActive, viewer?.id]);

  return (
    <MasterSection
      noun="administrator"
      label="Administrators"
      addLabel="Invite administrator"
      emptyDescription="Invite the provider’s administrators, who see and change every organization."
      rowName={fullName}
      columns={columns}
      actions={actions}
      editable={() => false}
      {...table}
      search={{ label: 'Search administrators', placeholder: 'Name or email' }}
      filters={
        <BooleanFilterSelect
          label="Show"
          value={list.filter.active}
          labels={{ all: 'All administrators', true: 'Can sign in', false: 'Deactivated' }}
          onChange={(active) => list.setFilter('active', active)}
          testId="administrator-status-filter"
        />
      }
      form={(_administrator, close) => <AdministratorInviteDialog onClose={close} />}
    />
  );
}
