import { Button } from '@chakra-ui/react';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { ListControls, ListSort } from '@/lib/listControls';
import { DataTable, type DataTableColumn, type DataTableProps } from './index';

// The tests' table: organisations on a list whose server is an array in memory.

export type Org = { id: string; name: string; country: string | null; users: number };

export const COLUMNS: DataTableColumn<Org>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'country', header: 'Country' },
  { accessorKey: 'users', header: 'Users', meta: { numeric: true } },
  { id: 'actions', header: '', cell: () => <Button size="xs">Open</Button> },
];

// Names sort differently from ids, so a wrong order shows.
export const ORGS: Org[] = Array.from({ length: 25 }, (_, index) => ({
  id: String(index + 1),
  name: `Org ${String(25 - index).padStart(2, '0')}`,
  country: index % 2 ? 'India' : 'Germany',
  users: index * 3,
}));

/** The server's side of the list contract, over an array. */
function serve(rows: readonly Org[], list: { page: number; pageSize: number; sort: ListSort; search: string }) {
  const matching = rows.filter((row) => row.name.toLowerCase().includes(list.search.toLowerCase()));
  const key = list.sort.key as 'name' | 'users';
  const sorted = [...matching].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0));
  if (list.sort.direction === 'DESC') sorted.reverse();
  const offset = (list.page - 1) * list.pageSize;
  return { nodes: sorted.slice(offset, offset + list.pageSize), totalCount: matching.length };
}

/** List state in React state: what the URL hook gives, without a URL. */
function useMemoryList(initial: Partial<{ page: number; pageSize: number; sort: ListSort; search: string }> = {}) {
  const [page, setPage] = useState(initial.page ?? 1);
  const [pageSize, setPageSize] = useState(initial.pageSize ?? 10);
  const [sort, setSort] = useState<ListSort>(initial.sort ?? { key: 'name', direction: 'ASC' });
  const [search, setSearch] = useState(initial.search ?? '');
  const list: ListControls & { search: string } = {
    page,
    pageSize,
    pageSizes: [10, 25, 50, 100],
    sort,
    sortKeys: ['name', 'users'],
    searchText: search,
    search,
    isFiltered: search !== '',
    setPage: (next) => setPage(next),
    setPageSize: (size) => {
      setPageSize(size);
      setPage(1);
    },
    setSort: (next) => {
      setSort(next);
      setPage(1);
    },
    setSearchText: (text) => {
      setSearch(text);
      setPage(1);
    },
    clearSearchAndFilters: () => {
      setSearch('');
      setPage(1);
    },
  };
  return list;
}

type HarnessProps = Partial<DataTableProps<Org>> & { data?: readonly Org[]; pending?: boolean; initialSearch?: string };

export function Harness({ data = ORGS, pending = false, initialSearch, ...props }: HarnessProps) {
  const list = useMemoryList({ search: initialSearch });
  const answer = serve(data, list);
  return (
    <DataTable<Org>
      label="Organizations"
      columns={COLUMNS}
      rows={pending ? undefined : answer.nodes}
      totalCount={pending ? undefined : answer.totalCount}
      getRowId={(row) => row.id}
      list={list}
      loading={pending}
      empty={{
        title: 'No organizations yet',
        description: 'Organizations appear here when you approve a sign-up enquiry.',
        action: <Button>Review enquiries</Button>,
      }}
      search={{ label: 'Search organizations', placeholder: 'Name' }}
      {...props}
    />
  );
}

export const table = () => screen.getByRole('table', { name: 'Organizations' });
export const bodyRows = () => within(table()).getAllByRole('row').slice(1);
export const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);
export const columnHeader = (name: string) => within(table()).getByRole('columnheader', { name });
export const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
export const isChecked = (element: HTMLElement) => (element as HTMLInputElement).checked;
export const range = () => screen.getByTestId('table-range').textContent;
