import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, FilterSelect, type DataTableColumn } from '@/components/DataTable';
import { PageHeader } from '@/components/PageHeader';
import {
  OrganizationListDocument,
  useOrganizationFilterValuesQuery,
  useOrganizationListQuery,
  type OrganizationListQuery,
} from '@/generated/graphql';
import { useStandardOptions } from '@/lib/closedLists';
import { formatDate } from '@/lib/dates';
import { menuEntryName } from '@/lib/menu';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { organizationList } from '@/features/organizations/organizationList';
import { organizationListPath, organizationTabPath } from '@/features/organizations/urls';

type Row = OrganizationListQuery['organizations']['nodes'][number];

const seats = (row: Row) => `${row.seatsUsed} of ${row.seatCapacity}`;

const COLUMNS: DataTableColumn<Row>[] = [
  {
    id: 'name',
    header: 'Organization',
    accessorFn: (row) => row.companyName,
    cell: ({ row }) => (
      <Link asChild color="brand.fg" fontWeight="medium">
        <RouterLink to={organizationTabPath(row.original.id, 'info')}>{row.original.companyName}</RouterLink>
      </Link>
    ),
  },
  { id: 'contact', header: 'Contact', accessorFn: (row) => row.contactName ?? '' },
  { id: 'type', header: 'Type', accessorFn: (row) => row.clientType ?? '' },
  { id: 'vertical', header: 'Business vertical', accessorFn: (row) => row.businessVertical ?? '' },
  {
    id: 'onboarded',
    header: 'Onboarded',
    accessorFn: (row) => row.dateOnboarded,
    cell: ({ row }) => formatDate(row.original.dateOnboarded),
    meta: { csv: (row) => formatDate(row.dateOnboarded) },
  },
  { id: 'status', header: 'Status', accessorFn: (row) => (row.isActive ? 'Active' : 'Deactivated') },
  { id: 'users', header: 'Users', accessorFn: (row) => row.userCount, meta: { numeric: true } },
  { id: 'seats', header: 'Seats used', accessorFn: seats, meta: { numeric: true } },
  {
    id: 'licence',
    header: 'Licence ends',
    accessorFn: (row) => row.licenceExpiresOn ?? '',
    cell: ({ row }) => formatDate(row.original.licenceExpiresOn) || '—',
    meta: { csv: (row) => formatDate(row.licenceExpiresOn) },
  },
];

type Option = [value: string, label: string];

/** A filter's choices: "every" first, then each value in use by name, and the one chosen even when no organisation has it any more. */
function filterOptions(
  every: string,
  values: readonly string[] | undefined,
  chosen: string | undefined,
  name = (value: string) => value,
): Option[] {
  const all = chosen && !values?.includes(chosen) ? [...(values ?? []), chosen] : (values ?? []);
  const named = all.map((value): Option => [value, name(value)]).sort((a, b) => a[1].localeCompare(b[1]));
  return [['', every], ...named];
}

const booleanValue = (value: boolean | undefined) => (value === undefined ? '' : String(value));
const booleanOf = (value: string) => (value === '' ? null : value === 'true');

/** Organization List: every organisation of the provider, searched, filtered and sorted on the server. */
export default function OrganizationListView() {
  const list = useListState(organizationList);
  const { table } = useListQuery(useOrganizationListQuery, OrganizationListDocument, list, (answer) => answer.organizations);
  const { filter } = list;
  const inUse = useOrganizationFilterValuesQuery({ fetchPolicy: 'cache-and-network' }).data?.organizationValuesInUse;
  const names = useStandardOptions().options;
  const countryName = names?.countryName;
  const currencyName = names?.currencyLabel;

  return (
    <>
      <PageHeader title={menuEntryName(organizationListPath)} />
      <DataTable
        label="Organizations"
        columns={COLUMNS}
        {...table}
        getRowId={(row) => row.id}
        search={{ label: 'Search organizations', placeholder: 'Company or contact name' }}
        empty={{ title: 'No organizations yet', description: 'Approve an enquiry and its organization appears here.' }}
        filters={
          <>
            <FilterSelect
              label="Type"
              value={filter.clientType ?? ''}
              options={filterOptions('Every type', inUse?.clientTypes, filter.clientType)}
              onChange={(value) => list.setFilter('clientType', value || null)}
              testId="filter-type"
            />
            <FilterSelect
              label="Business vertical"
              value={filter.businessVertical ?? ''}
              options={filterOptions('Every vertical', inUse?.businessVerticals, filter.businessVertical)}
              onChange={(value) => list.setFilter('businessVertical', value || null)}
              testId="filter-vertical"
            />
            <FilterSelect
              label="Country"
              value={filter.countryCode ?? ''}
              options={filterOptions('Every country', inUse?.countryCodes, filter.countryCode, countryName)}
              onChange={(value) => list.setFilter('countryCode', value || null)}
              testId="filter-country"
            />
            <FilterSelect
              label="Currency"
              value={filter.currencyCode ?? ''}
              options={filterOptions('Every currency', inUse?.currencyCodes, filter.currencyCode, currencyName ?? undefined)}
              onChange={(value) => list.setFilter('currencyCode', value || null)}
              testId="filter-currency"
            />
            <FilterSelect
              label="Status"
              value={booleanValue(filter.active)}
              options={[
                ['', 'Active and deactivated'],
                ['true', 'Active'],
                ['false', 'Deactivated'],
              ]}
              onChange={(value) => list.setFilter('active', booleanOf(value))}
              testId="filter-active"
            />
            <FilterSelect
              label="Licence"
              value={booleanValue(filter.licenceExpiringSoon)}
              options={[
                ['', 'Any licence'],
                ['true', 'Ends within 30 days'],
              ]}
              onChange={(value) => list.setFilter('licenceExpiringSoon', value === 'true' ? true : null)}
              testId="filter-expiring"
            />
          </>
        }
        testId="organization-table"
      />
    </>
  );
}
