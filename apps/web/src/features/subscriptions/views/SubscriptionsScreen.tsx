import { Alert, Stack, Text } from '@chakra-ui/react';
import { useApolloClient } from '@apollo/client/react';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { LicenceListDocument, useLicenceListQuery, type LicenceListQuery } from '../../../generated/graphql';
import { collectAllPages } from '../../../lib/collectPages';
import { formatDate } from '../../../lib/dates';
import { menuEntryName } from '../../../lib/menu';
import { useListState } from '../../../lib/useListState';
import { ExpiryNote } from '../components/ExpiryNote';
import { SeatBar } from '../components/SeatBar';
import { expiryLabel, expiryOf } from '../expiry';
import { licenceList } from '../licenceList';
import { subscriptionDetailsPath } from '../urls';

export type SubscriptionsScreenProps = {
  /** The organisation whose licences to show; the viewer's own when absent (a SuperAdmin passes one). */
  organizationId?: string;
  /** Shown inside another page (the provider's organisation tabs): no page title of its own. */
  embedded?: boolean;
};

type Licence = LicenceListQuery['licences']['nodes'][number];

const FREQUENCY: Record<string, string> = { MONTHLY: 'Monthly', YEARLY: 'Yearly' };

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
  } catch {
    // A currency code the browser does not know still reads plainly.
    return `${amount.toFixed(2)} ${currency}`;
  }
}

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
    cell: ({ row }) => money(row.original.cost, row.original.currency),
  },
  { id: 'currency', accessorKey: 'currency', header: 'Currency' },
  { id: 'frequency', accessorFn: (licence) => FREQUENCY[licence.frequency] ?? licence.frequency, header: 'Frequency' },
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

/**
 * An organisation's licences (subscription details): product, plan, price, validity with a warning
 * as the end nears, and the seats taken of those the product's live licences give.
 */
export function SubscriptionsScreen({ organizationId, embedded = false }: SubscriptionsScreenProps) {
  const list = useListState(licenceList);
  const client = useApolloClient();
  const variables = { organizationId, ...list.variables };
  const { data, previousData, loading, error, refetch } = useLicenceListQuery({ variables, notifyOnNetworkStatusChange: true });
  const page = (data ?? previousData)?.licences;
  const soon = useMemo(() => endingSoon(page?.nodes ?? []), [page]);

  const exportRows = () =>
    collectAllPages(async (window) => {
      const answer = await client.query({
        query: LicenceListDocument,
        variables: { ...variables, page: window },
        fetchPolicy: 'network-only',
      });
      return answer.data!.licences;
    });

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
      <DataTable
        label="Licences"
        columns={COLUMNS}
        rows={page?.nodes}
        totalCount={page?.totalCount}
        getRowId={(licence) => licence.id}
        getRowLabel={(licence) => `${licence.productName} ${licence.planName}`}
        list={list}
        loading={loading}
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        empty={{ title: 'No licences yet', description: 'The organization has no licence for any product. The provider adds licences.' }}
        search={{ label: 'Search licences', placeholder: 'Product or plan' }}
        exportRows={exportRows}
        testId="licence-table"
      />
    </Stack>
  );
}
