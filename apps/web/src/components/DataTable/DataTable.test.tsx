// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '@/lib/toaster';
import { renderInConsole } from '@/testing/render';
import { bodyRows, columnHeader, firstCells, Harness, isChecked, isDisabled, range, table, type Org } from './dataTableHarness';
import type { BulkAction } from './index';

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
