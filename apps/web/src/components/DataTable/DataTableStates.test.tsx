// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListControls } from '@/lib/listControls';
import { toaster } from '@/lib/toaster';
import { renderInConsole } from '@/testing/render';
import { bodyRows, Harness, isDisabled, range, table, type Org } from './dataTableHarness';

// The table's loading, empty, failed and past-the-end states, and its CSV export.
describe('DataTable', { timeout: 20_000 }, () => {
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
});
