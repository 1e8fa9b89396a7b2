// @vitest-environment happy-dom
import { Button } from '@chakra-ui/react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListControls, ListSort } from '@/lib/listControls';
import { toaster } from '@/lib/toaster';
import { renderInConsole } from '@/testing/render';
import { DataTable, type BulkAction, type DataTableColumn, type DataTableProps } from './index';

type Org = { id: string; name: string; country: string | null; users: number };

const COLUMNS: DataTableColumn<Org>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'country', header: 'Country' },
  { accessorKey: 'users', header: 'Users', meta: { numeric: true } },
  { id: 'actions', header: '', cell: () => <Button size="xs">Open</Button> },
];

// Names sort differently from ids, so a wrong order shows.
const ORGS: Org[] = Array.from({ length: 25 }, (_, index) => ({
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

function Harness({ data = ORGS, pending = false, initialSearch, ...props }: HarnessProps) {
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

const table = () => screen.getByRole('table', { name: 'Organizations' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const columnHeader = (name: string) => within(table()).getByRole('columnheader', { name });
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
const isChecked = (element: HTMLElement) => (element as HTMLInputElement).checked;
const range = () => screen.getByTestId('table-range').textContent;

// Each test renders a Chakra table and clicks through it; on a busy shared machine that can pass 5 s.
describe('DataTable', { timeout: 20_000 }, () => {
  it('shows the first page, its range and the page count', () => {
    renderInConsole(<Harness />);
    expect(bodyRows()).toHaveLength(10);
    expect(firstCells().slice(0, 2)).toEqual(['Org 01', 'Org 02']);
    expect(range()).toBe('1–10 of 25');
    expect(screen.getByTestId('table-page').textContent).toBe('Page 1 of 3');
    expect(isDisabled(screen.getByRole('button', { name: 'Previous page' }))).toBe(true);
  });

  it('sorts by a header click and says so with aria-sort', async () => {
    const user = userEvent.setup();
    renderInConsole(<Harness />);
    expect(columnHeader('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(columnHeader('Users').hasAttribute('aria-sort')).toBe(false);

    await user.click(within(columnHeader('Name')).getByRole('button', { name: 'Name' }));
    expect(columnHeader('Name').getAttribute('aria-sort')).toBe('descending');
    expect(firstCells()[0]).toBe('Org 25');

    await user.click(within(columnHeader('Users')).getByRole('button', { name: 'Users' }));
    expect(columnHeader('Users').getAttribute('aria-sort')).toBe('ascending');
    expect(columnHeader('Name').hasAttribute('aria-sort')).toBe(false);
    expect(bodyRows()[0]?.textContent).toContain('Org 25');
  });

  it('sorts with the keyboard: Tab to the heading, Enter or Space', async () => {
    const user = userEvent.setup();
    renderInConsole(<Harness />);
    const sortByName = within(columnHeader('Name')).getByRole('button', { name: 'Name' });
    sortByName.focus();
    await user.keyboard('{Enter}');
    expect(columnHeader('Name').getAttribute('aria-sort')).toBe('descending');
    await user.keyboard(' ');
    expect(columnHeader('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(firstCells()[0]).toBe('Org 01');
  });

  it('offers sorting only on the columns the list can sort by', () => {
    renderInConsole(<Harness />);
    expect(within(columnHeader('Country')).queryByRole('button')).toBeNull();
    expect(columnHeader('Country').hasAttribute('aria-sort')).toBe(false);
  });

  it('moves between pages', async () => {
    const user = userEvent.setup();
    renderInConsole(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(range()).toBe('11–20 of 25');
    expect(firstCells()[0]).toBe('Org 11');
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(range()).toBe('21–25 of 25');
    expect(bodyRows()).toHaveLength(5);
    expect(isDisabled(screen.getByRole('button', { name: 'Next page' }))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByTestId('table-page').textContent).toBe('Page 2 of 3');
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(range()).toBe('1–10 of 25');
  });

  it('changes the page size and starts again at page 1', async () => {
    const user = userEvent.setup();
    renderInConsole(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(range()).toBe('1–25 of 25');
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByTestId('table-page').textContent).toBe('Page 1 of 1');
  });

  it('passes search text to the list state', async () => {
    const user = userEvent.setup();
    renderInConsole(<Harness />);
    await user.type(screen.getByRole('searchbox', { name: 'Search organizations' }), 'Org 1');
    expect(range()).toBe('1–10 of 10');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(range()).toBe('1–10 of 25');
  });

  describe('selection', () => {
    it('counts the selected rows and hands them to a bulk action, then clears the selection', async () => {
      const user = userEvent.setup();
      const deactivate = vi.fn<(rows: Org[]) => Promise<void>>().mockResolvedValue(undefined);
      const actions: BulkAction<Org>[] = [{ label: 'Deactivate', tone: 'danger', onAction: deactivate }];
      renderInConsole(<Harness bulkActions={actions} />);
      expect(screen.queryByTestId('bulk-bar')).toBeNull();

      await user.click(screen.getByRole('checkbox', { name: 'Select Org 01' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select Org 03' }));
      const bar = screen.getByRole('group', { name: 'Actions on selected rows' });
      expect(within(bar).getByTestId('bulk-count').textContent).toBe('2 selected');

      await user.click(within(bar).getByRole('button', { name: 'Deactivate' }));
      expect(deactivate).toHaveBeenCalledOnce();
      expect(deactivate.mock.calls[0]?.[0].map((row) => row.name)).toEqual(['Org 01', 'Org 03']);
      await waitFor(() => expect(screen.queryByTestId('bulk-bar')).toBeNull());
      expect(isChecked(screen.getByRole('checkbox', { name: 'Select Org 01' }))).toBe(false);
    });

    it('offers only the actions that apply to the selection, each with the rows it would change', async () => {
      const user = userEvent.setup();
      const toGermany = vi.fn<(rows: Org[]) => Promise<void>>().mockResolvedValue(undefined);
      const actions: BulkAction<Org>[] = [
        { label: 'Move to India', appliesTo: (org) => org.country !== 'India', onAction: vi.fn() },
        { label: 'Move to Germany', appliesTo: (org) => org.country !== 'Germany', onAction: toGermany },
        { label: 'Export', onAction: vi.fn() },
      ];
      renderInConsole(<Harness bulkActions={actions} />);
      const offered = () =>
        within(screen.getByTestId('bulk-bar'))
          .getAllByRole('button')
          .map((button) => button.textContent);

      // Org 01 and Org 03 are in Germany already.
      await user.click(screen.getByRole('checkbox', { name: 'Select Org 01' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select Org 03' }));
      expect(offered()).toEqual(['Move to India', 'Export', 'Clear selection']);

      await user.click(screen.getByRole('checkbox', { name: 'Select Org 02' }));
      expect(offered()).toEqual(['Move to India (2 of 3)', 'Move to Germany (1 of 3)', 'Export', 'Clear selection']);
      await user.click(screen.getByRole('button', { name: 'Move to Germany (1 of 3)' }));
      expect(toGermany.mock.calls[0]?.[0].map((row) => row.name)).toEqual(['Org 02']);
    });

    it('says so when no action applies to the selected rows', async () => {
      const user = userEvent.setup();
      renderInConsole(<Harness bulkActions={[{ label: 'Activate', appliesTo: () => false, onAction: vi.fn() }]} />);
      await user.click(screen.getByRole('checkbox', { name: 'Select Org 01' }));
      expect(screen.queryByRole('button', { name: 'Activate' })).toBeNull();
      expect(screen.getByTestId('bulk-none').textContent).toBe('None of the actions applies to the selected rows');
    });

    it('keeps the selection when a bulk action fails, so it can be tried again', async () => {
      const user = userEvent.setup();
      const toastError = vi.spyOn(toaster, 'create');
      const actions: BulkAction<Org>[] = [{ label: 'Deactivate', onAction: () => Promise.reject(new TypeError('Failed to fetch')) }];
      renderInConsole(<Harness bulkActions={actions} />);
      await user.click(screen.getByRole('checkbox', { name: 'Select Org 02' }));
      await user.click(screen.getByRole('button', { name: 'Deactivate' }));
      await waitFor(() =>
        expect(toastError).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', title: 'Deactivate did not finish' })),
      );
      expect(screen.getByTestId('bulk-count').textContent).toBe('1 selected');
      expect(isDisabled(screen.getByRole('button', { name: 'Deactivate' }))).toBe(false);
    });

    it('selects every row of the page from the heading checkbox, and forgets the selection on another page', async () => {
      const user = userEvent.setup();
      renderInConsole(<Harness bulkActions={[{ label: 'Export', onAction: vi.fn() }]} />);
      await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
      expect(screen.getByTestId('bulk-count').textContent).toBe('10 selected');

      await user.click(screen.getByRole('checkbox', { name: 'Select Org 05' }));
      expect(screen.getByTestId('bulk-count').textContent).toBe('9 selected');
      expect(isChecked(screen.getByRole('checkbox', { name: 'Select all rows on this page' }))).toBe(false);

      await user.click(screen.getByRole('button', { name: 'Next page' }));
      expect(screen.queryByTestId('bulk-bar')).toBeNull();
      expect(isChecked(screen.getByRole('checkbox', { name: 'Select Org 11' }))).toBe(false);
    });

    it('clears the selection on request', async () => {
      const user = userEvent.setup();
      renderInConsole(<Harness bulkActions={[{ label: 'Resend invitation', onAction: vi.fn() }]} />);
      await user.click(screen.getByRole('checkbox', { name: 'Select Org 01' }));
      await user.click(screen.getByRole('button', { name: 'Clear selection' }));
      expect(screen.queryByTestId('bulk-bar')).toBeNull();
    });
  });

  describe('states', () => {
    it('shows skeleton rows and a loading status until the first answer', () => {
      renderInConsole(<Harness pending />);
      expect(screen.getAllByTestId('table-skeleton-row').length).toBeGreaterThan(0);
      expect(screen.getByRole('status').textContent).toBe('Loading organizations');
      expect(table().getAttribute('aria-busy')).toBe('true');
      expect(screen.queryByTestId('table-pagination')).toBeNull();
    });

    it('keeps the rows in view, marked busy, while the next page loads', () => {
      renderInConsole(<Harness loading />);
      expect(bodyRows()).toHaveLength(10);
      expect(table().getAttribute('aria-busy')).toBe('true');
      expect(screen.queryByTestId('table-skeleton-row')).toBeNull();
    });

    it("says what an empty list is for and offers the screen's main action", () => {
      renderInConsole(<Harness data={[]} />);
      const empty = screen.getByTestId('table-empty');
      expect(within(empty).getByRole('heading', { name: 'No organizations yet' })).toBeTruthy();
      expect(empty.textContent).toContain('approve a sign-up enquiry');
      expect(within(empty).getByRole('button', { name: 'Review enquiries' })).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.queryByRole('searchbox')).toBeNull();
    });

    it('tells a search that matches nothing apart from an empty list, and clears it', async () => {
      const user = userEvent.setup();
      renderInConsole(<Harness initialSearch="zebra" />);
      const noMatch = screen.getByTestId('table-no-match');
      expect(noMatch.textContent).toContain('Nothing matches your search or filters');
      expect(screen.queryByTestId('table-empty')).toBeNull();
      expect((screen.getByRole('searchbox', { name: 'Search organizations' }) as HTMLInputElement).value).toBe('zebra');

      await user.click(within(noMatch).getByRole('button', { name: 'Clear search and filters' }));
      expect(range()).toBe('1–10 of 25');
      expect((screen.getByRole('searchbox', { name: 'Search organizations' }) as HTMLInputElement).value).toBe('');
    });

    it('explains a failure and retries on request', async () => {
      const user = userEvent.setup();
      const onRetry = vi.fn();
      renderInConsole(<Harness error={new TypeError('Failed to fetch')} onRetry={onRetry} />);
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('Organizations could not be loaded');
      expect(alert.textContent).toContain('We could not reach the server');
      expect(screen.queryByRole('table')).toBeNull();
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(onRetry).toHaveBeenCalledOnce();
    });

    it('goes to the last page, without a new history entry, when the page is past the end', () => {
      const setPage = vi.fn();
      const list: ListControls = {
        page: 9,
        pageSize: 25,
        pageSizes: [25],
        sort: { key: 'name', direction: 'ASC' },
        sortKeys: ['name'],
        searchText: '',
        isFiltered: false,
        setPage,
        setPageSize: vi.fn(),
        setSort: vi.fn(),
        setSearchText: vi.fn(),
        clearSearchAndFilters: vi.fn(),
      };
      renderInConsole(<Harness list={list} rows={[]} totalCount={60} />);
      expect(setPage).toHaveBeenCalledWith(3, { replace: true });
      expect(screen.queryByTestId('table-empty')).toBeNull();
    });
  });

  describe('CSV export', () => {
    let blobs: Blob[];
    let downloads: string[];

    beforeEach(() => {
      blobs = [];
      downloads = [];
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2026, 10, 5, 9, 30));
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        blobs.push(blob as Blob);
        return 'blob:export';
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      });
    });

    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it('downloads every row the search shows, from all pages, named after the list and the day', async () => {
      const user = userEvent.setup();
      const tricky: Org[] = [
        { id: 'a', name: 'Acme, "the" Company', country: null, users: 12 },
        { id: 'b', name: '=HYPERLINK("http://x")', country: 'India', users: -3 },
        { id: 'c', name: 'Zürich Ärzte', country: 'Switzerland', users: 0 },
      ];
      const exportRows = vi.fn(async () => tricky);
      renderInConsole(<Harness data={tricky} exportRows={exportRows} />);

      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads).toEqual(['organizations-2026-11-05.csv']));
      expect(exportRows).toHaveBeenCalledOnce();

      const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
      expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
      expect(text.split('\r\n')).toEqual([
        'Name,Country,Users',
        '"Acme, ""the"" Company",,12',
        `"'=HYPERLINK(""http://x"")",India,-3`,
        'Zürich Ärzte,Switzerland,0',
        '',
      ]);
    });

    it('tells the reader when the export fails and stays usable', async () => {
      const user = userEvent.setup();
      const toastError = vi.spyOn(toaster, 'create');
      renderInConsole(<Harness exportRows={() => Promise.reject(new TypeError('Failed to fetch'))} />);
      const button = screen.getByRole('button', { name: 'Export CSV' });
      await user.click(button);
      await waitFor(() => expect(isDisabled(button)).toBe(false));
      expect(downloads).toEqual([]);
      expect(toastError).toHaveBeenCalledWith(
        expect.objectContaining({
          type: 'error',
          title: 'The export did not finish',
          description: 'We could not reach the server. Try again.',
        }),
      );
    });

    it('cannot export an empty result', () => {
      renderInConsole(<Harness initialSearch="zebra" exportRows={vi.fn()} />);
      expect(isDisabled(screen.getByRole('button', { name: 'Export CSV' }))).toBe(true);
    });
  });

  describe('columns', () => {
    afterEach(() => window.localStorage.clear());

    it('hides a column the reader unticks, keeps the first one, and remembers the choice per list', async () => {
      const user = userEvent.setup();
      const { unmount } = renderInConsole(<Harness />);
      await user.click(screen.getByRole('button', { name: 'Columns' }));
      const menu = await screen.findByRole('menu');
      expect(within(menu).getByRole('menuitemcheckbox', { name: 'Name' }).getAttribute('aria-disabled')).toBe('true');
      // The row's actions are not a column to choose.
      expect(
        within(menu)
          .getAllByRole('menuitemcheckbox')
          .map((item) => item.textContent),
      ).toEqual(['Name', 'Country', 'Users']);

      await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Country' }));
      await waitFor(() => expect(within(table()).queryByRole('columnheader', { name: 'Country' })).toBeNull());
      expect(within(bodyRows()[0]!).getAllByRole('cell')).toHaveLength(3);
      unmount();

      renderInConsole(<Harness />);
      expect(within(table()).queryByRole('columnheader', { name: 'Country' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Columns (1 hidden)' })).toBeTruthy();
      renderInConsole(<Harness label="Regions" />);
      expect(screen.getByRole('table', { name: 'Regions' }).querySelectorAll('th')).toHaveLength(4);
    });

    it('keeps the row actions at the end edge while the other columns scroll', () => {
      renderInConsole(<Harness />);
      const actions = bodyRows()[0]!.querySelector('[data-row-actions]');
      expect(actions?.textContent).toBe('Open');
      expect(getComputedStyle(actions!).position).toBe('sticky');
    });
  });
});
