import { Alert, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '@/components/DataTable';
import { PageHeader } from '@/components/PageHeader';
import {
  LicenceListDocument,
  useLicenceListQuery,
  useLicenceRenewalRequestMutation,
  useLicenceSetActiveMutation,
  useViewerQuery,
  type LicenceListQuery,
} from '@/generated/graphql';
import { formatDate } from '@/lib/dates';
import { frequencyLabel } from '@/lib/labels';
import { dropListPages } from '@/lib/listCache';
import { menuEntryName } from '@/lib/menu';
import { formatMoney } from '@/lib/numbers';
import { throwIfRefused, toastIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { ExpiryNote } from '@/features/subscriptions/components/ExpiryNote';
import { LicenceActions, type LicenceAction } from '@/features/subscriptions/components/LicenceActions';
import { RenewalCell } from '@/features/subscriptions/components/RenewalCell';
import { SeatBar } from '@/features/subscriptions/components/SeatBar';
import { expiryLabel, expiryOf } from '@/features/subscriptions/expiry';
import { licenceList } from '@/features/subscriptions/licenceList';
import { subscriptionDetailsPath } from '@/features/subscriptions/urls';
import { AddLicenceDialog, ChangePlanDialog, ExtendLicenceDialog } from './LicenceDialogs';

export type SubscriptionsScreenProps = {
  /** The organisation whose licences to show; the viewer's own when absent (a SuperAdmin passes one). */
  organizationId?: string;
  /** Shown inside another page (the provider's organisation tabs): no page title of its own. */
  embedded?: boolean;
};

type Licence = LicenceListQuery['licences']['nodes'][number];

const COLUMNS: DataTableColumn<Licence>[] = [
  {
    id: 'product',
    accessorKey: 'productName',
    header: 'Product',
    cell: ({ row }) => <Text fontWeight="medium">{row.original.productName}</Text>,
  },
  { id: 'plan', accessorKey: 'planName', header: 'Plan' },
  {
    id: 'cost',
    accessorKey: 'cost',
    header: 'Cost',
    meta: { numeric: true },
    cell: ({ row }) => formatMoney(row.original.cost, row.original.currency),
  },
  { id: 'currency', accessorKey: 'currency', header: 'Currency' },
  { id: 'frequency', accessorFn: (licence) => frequencyLabel(licence.frequency), header: 'Frequency' },
  {
    id: 'validTill',
    accessorFn: (licence) => formatDate(licence.validTill),
    header: 'Valid till',
    cell: ({ row }) => <ExpiryNote validTill={row.original.validTill} />,
  },
  {
    id: 'active',
    accessorFn: (licence) => (licence.isActive ? 'Active' : 'Inactive'),
    header: 'Status',
    cell: ({ row }) => (
      <Text color={row.original.isActive ? 'fg' : 'fg.muted'} fontWeight={row.original.isActive ? 'medium' : 'normal'}>
        {row.original.isActive ? 'Active' : 'Inactive'}
      </Text>
    ),
  },
  {
    id: 'seats',
    accessorFn: (licence) => `${licence.seatsUsed} of ${licence.seatsCapacity}`,
    header: 'Seats used',
    cell: ({ row }) => <SeatBar used={row.original.seatsUsed} capacity={row.original.seatsCapacity} />,
  },
];

/** Active licences that run out within the warning period, soonest first. */
function endingSoon(licences: readonly Licence[]): Licence[] {
  return licences.filter((licence) => licence.isActive && expiryOf(licence.validTill).state === 'soon');
}

/** The column of the provider's actions on each licence. */
function actionsColumn(onAction: (licence: Licence, action: LicenceAction) => void): DataTableColumn<Licence> {
  return {
    id: 'actions',
    // Hidden text is positioned: anchored to the cell, it stays inside the table's scrolling box.
    header: () => (
      <Box as="span" position="relative">
        <Text srOnly>Actions</Text>
      </Box>
    ),
    meta: { csv: false },
    cell: ({ row: { original: licence } }) => (
      <LicenceActions
        label={`${licence.productName} ${licence.planName}`}
        isActive={licence.isActive}
        onAction={(action) => onAction(licence, action)}
      />
    ),
  };
}

/** The column of an organisation admin's renewal requests. */
function renewalColumn(onRequest: (licence: Licence) => void): DataTableColumn<Licence> {
  return {
    id: 'renewal',
    header: 'Renewal',
    meta: { csv: false },
    cell: ({ row: { original: licence } }) => (
      <RenewalCell
        label={`${licence.productName} ${licence.planName}`}
        validTill={licence.validTill}
        isActive={licence.isActive}
        renewalRequestedAt={licence.renewalRequestedAt}
        onRequest={() => onRequest(licence)}
      />
    ),
  };
}

/**
 * An organisation's licences (subscription details): product, plan, price, validity with a warning
 * as the end nears, and the seats taken of those the product's live licences give.
 */
export function SubscriptionsScreen({ organizationId, embedded = false }: SubscriptionsScreenProps) {
  const list = useListState(licenceList);
  const variables = { organizationId, ...list.variables };
  const { page, table } = useListQuery(useLicenceListQuery, LicenceListDocument, { ...list, variables }, (answer) => answer.licences);
  const soon = useMemo(() => endingSoon(page?.nodes ?? []), [page]);

  // Licences are the provider's to change: its SuperAdmins get the actions, in an organisation's tab.
  const viewer = useViewerQuery({ fetchPolicy: 'cache-first' });
  const manages = organizationId !== undefined && viewer.data?.viewer?.typeOfUser === 'SUPER_ADMIN';
  // The organisation's own admins ask the provider to renew a licence as its end nears.
  const asksRenewal = organizationId === undefined && viewer.data?.viewer?.typeOfUser === 'ORG_ADMIN';
  const [dialog, setDialog] = useState<{ action: LicenceAction | 'add'; licence: Licence | null } | null>(null);
  const [renewing, setRenewing] = useState<Licence | null>(null);
  const [setActive] = useLicenceSetActiveMutation({ update: (cache) => dropListPages(cache, 'licences') });
  // A refusal may mean the list is stale (asked from another tab): it is read again.
  const [requestRenewal] = useLicenceRenewalRequestMutation({
    update: (cache, { data }) => void (data?.requestLicenceRenewal.errors.length && dropListPages(cache, 'licences')),
  });
  const columns = useMemo(
    () =>
      manages
        ? [...COLUMNS, actionsColumn((licence, action) => setDialog({ action, licence }))]
        : asksRenewal
          ? [...COLUMNS, renewalColumn(setRenewing)]
          : COLUMNS,
    [manages, asksRenewal],
  );
  const close = () => setDialog(null);

  const switchActive = async (licence: Licence, isActive: boolean) => {
    const answer = await setActive({ variables: { input: { id: licence.id, isActive } } });
    throwIfRefused(answer.data?.setLicenceActive);
    toaster.success({ title: `${licence.productName} licence ${isActive ? 'reactivated' : 'deactivated'}` });
  };

  const askRenewal = async (licence: Licence) => {
    const answer = await requestRenewal({ variables: { input: { licenceId: licence.id } } });
    // Asked already (from another tab, say): the refusal says so, and the list shows the request.
    if (!toastIfRefused(answer.data?.requestLicenceRenewal, 'Renewal was not requested')) return;
    toaster.success({
      title: 'Renewal requested',
      description: `The provider has your request to renew the ${licence.productName} licence, and answers it.`,
    });
  };

  return (
    <Stack gap="4">
      {!embedded && <PageHeader title={menuEntryName(subscriptionDetailsPath)} />}
      {soon.length > 0 && (
        <Alert.Root status="warning" data-testid="licence-expiry-warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{soon.length === 1 ? 'A licence runs out soon' : `${soon.length} licences run out soon`}</Alert.Title>
            <Alert.Description>
              {soon
                .map(
                  (licence) =>
                    `${licence.productName} (${licence.planName}): ${expiryLabel(expiryOf(licence.validTill)).toLowerCase()}, on ${formatDate(licence.validTill)}.`,
                )
                .join(' ')}{' '}
              Renew in time to keep its seats.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {manages && (
        <Flex justify="flex-end">
          <Button colorPalette="brand" onClick={() => setDialog({ action: 'add', licence: null })} data-testid="licence-add">
            <LuPlus aria-hidden />
            Add licence
          </Button>
        </Flex>
      )}
      <DataTable
        label="Licences"
        columns={columns}
        {...table}
        getRowId={(licence) => licence.id}
        getRowLabel={(licence) => `${licence.productName} ${licence.planName}`}
        empty={{ title: 'No licences yet', description: 'The organization has no licence for any product. The provider adds licences.' }}
        search={{ label: 'Search licences', placeholder: 'Product or plan' }}
        testId="licence-table"
      />
      {manages && dialog?.action === 'add' && <AddLicenceDialog organizationId={organizationId} onClose={close} />}
      {dialog?.action === 'extend' && dialog.licence && <ExtendLicenceDialog licence={dialog.licence} onClose={close} />}
      {dialog?.action === 'changePlan' && dialog.licence && <ChangePlanDialog licence={dialog.licence} onClose={close} />}
      {manages && (
        <ConfirmDialog
          open={dialog?.action === 'deactivate' || dialog?.action === 'reactivate'}
          title={
            dialog?.action === 'deactivate'
              ? `Deactivate the ${dialog.licence?.productName ?? ''} licence?`
              : `Reactivate the ${dialog?.licence?.productName ?? ''} licence?`
          }
          confirmLabel={dialog?.action === 'deactivate' ? 'Deactivate licence' : 'Reactivate licence'}
          destructive={dialog?.action === 'deactivate'}
          onConfirm={() => switchActive(dialog!.licence!, dialog!.action === 'reactivate')}
          onClose={close}
          testId="licence-confirm"
        >
          {dialog?.action === 'deactivate'
            ? `The organization's users lose the ${dialog.licence?.capacity ?? ''} seats of ${dialog.licence?.planName ?? ''} on ${dialog.licence?.productName ?? ''}: ${dialog.licence?.seatsUsed ?? 0} ${dialog.licence?.seatsUsed === 1 ? 'person holds' : 'people hold'} a seat on it now. You can reactivate it later.`
            : `The organization gets the ${dialog?.licence?.capacity ?? ''} seats of ${dialog?.licence?.planName ?? ''} on ${dialog?.licence?.productName ?? ''} back, until ${dialog?.licence ? formatDate(dialog.licence.validTill) : ''}.`}
        </ConfirmDialog>
      )}
      {asksRenewal && (
        <ConfirmDialog
          open={renewing !== null}
          title={`Request renewal of the ${renewing?.productName ?? ''} licence?`}
          confirmLabel="Request renewal"
          onConfirm={() => askRenewal(renewing!)}
          onClose={() => setRenewing(null)}
          testId="licence-renewal-confirm"
        >
          {renewing &&
            `The provider receives a request to renew the ${renewing.planName} licence for ${renewing.productName}, which ends on ${formatDate(renewing.validTill)}. Nothing changes until the provider renews it; you can ask once while the request is open.`}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
