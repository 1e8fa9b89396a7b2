// @vitest-environment happy-dom
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseAsString, parseAsStringLiteral } from 'nuqs';
import { NuqsAdapter } from 'nuqs/adapters/react-router/v7';
import { withNuqsTestingAdapter, type UrlUpdateEvent } from 'nuqs/adapters/testing';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineList } from './listState';
import { SEARCH_DEBOUNCE_MS, useListState } from './useListState';

const userList = defineList({
  sortFields: { name: 'FULL_NAME', email: 'EMAIL', lastSignIn: 'LAST_SIGN_IN' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: { status: parseAsStringLiteral(['ACTIVE', 'DISABLED', 'INVITED']), role: parseAsString },
});

/** The list state of `userList` at a URL, with every URL update recorded. */
function renderList(search = '') {
  const updates: UrlUpdateEvent[] = [];
  const view = renderHook(() => useListState(userList), {
    wrapper: withNuqsTestingAdapter({ searchParams: search, hasMemory: true, onUrlUpdate: (event) => updates.push(event) }),
  });
  const lastUrl = () => updates.at(-1)?.queryString;
  const lastHistory = () => updates.at(-1)?.options.history;
  /** Runs a change and waits until the URL has it (nuqs writes on its next tick). */
  const settle = async (change: () => void) => {
    const before = updates.length;
    act(change);
    await waitFor(() => expect(updates.length).toBeGreaterThan(before));
  };
  return { ...view, updates, lastUrl, lastHistory, settle };
}

describe('useListState', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('state from a URL', () => {
    it('reads page, size, sort, search and filters, and gives the query variables', () => {
      const { result } = renderList('?page=3&size=50&sort=-email&q=ann&status=DISABLED&role=Editor');
      const list = result.current;
      expect([list.page, list.pageSize, list.sort, list.search, list.searchText]).toEqual([
        3,
        50,
        { key: 'email', direction: 'DESC' },
        'ann',
        'ann',
      ]);
      expect(list.filter).toEqual({ status: 'DISABLED', role: 'Editor' });
      expect(list.isFiltered).toBe(true);
      expect(list.variables).toEqual({
        page: { offset: 100, limit: 50 },
        search: 'ann',
        filter: { status: 'DISABLED', role: 'Editor' },
        sort: { field: 'EMAIL', direction: 'DESC' },
      });
    });

    it('falls back to the defaults for what the list does not know, instead of failing', () => {
      const { result } = renderList('?page=0&size=7&sort=-password&status=GONE&q=%20%20');
      const list = result.current;
      expect([list.page, list.pageSize, list.sort, list.search]).toEqual([1, 25, { key: 'name', direction: 'ASC' }, '']);
      expect(list.filter).toEqual({});
      expect(list.isFiltered).toBe(false);
      expect(list.variables).toEqual({
        page: { offset: 0, limit: 25 },
        search: undefined,
        filter: undefined,
        sort: { field: 'FULL_NAME', direction: 'ASC' },
      });
    });

    it('trims a search pasted into the address', () => {
      const { result } = renderList('?q=%20ann%20lee%20');
      expect(result.current.search).toBe('ann lee');
      expect(result.current.variables.search).toBe('ann lee');
    });
  });

  describe('state to a URL', () => {
    it('pushes a page change as a history entry', async () => {
      const { result, lastUrl, lastHistory } = renderList('?sort=email');
      act(() => result.current.setPage(4));
      await waitFor(() => expect(lastUrl()).toBe('?sort=email&page=4'));
      expect(lastHistory()).toBe('push');
      expect(result.current.variables.page).toEqual({ offset: 75, limit: 25 });
    });

    it('corrects a page past the end without a new history entry', async () => {
      const { result, lastUrl, lastHistory } = renderList('?page=9');
      act(() => result.current.setPage(2, { replace: true }));
      await waitFor(() => expect(lastUrl()).toBe('?page=2'));
      expect(lastHistory()).toBe('replace');
    });

    it('goes back to page 1 when the size, the sort or a filter changes', async () => {
      const { result, lastUrl, settle } = renderList('?page=4');
      act(() => result.current.setPageSize(100));
      await waitFor(() => expect(lastUrl()).toBe('?size=100'));

      await settle(() => result.current.setPage(2));
      act(() => result.current.setSort({ key: 'lastSignIn', direction: 'DESC' }));
      await waitFor(() => expect(lastUrl()).toBe('?size=100&sort=-lastSignIn'));

      await settle(() => result.current.setPage(3));
      act(() => result.current.setFilter('status', 'INVITED'));
      await waitFor(() => expect(lastUrl()).toBe('?size=100&sort=-lastSignIn&status=INVITED'));
      expect(result.current.variables.filter).toEqual({ status: 'INVITED' });

      act(() => result.current.setFilter('status', null));
      await waitFor(() => expect(lastUrl()).toBe('?size=100&sort=-lastSignIn'));
    });

    it('keeps the default sort and page out of the address', async () => {
      const { result, lastUrl } = renderList('?sort=-name&page=2');
      act(() => result.current.setSort({ key: 'name', direction: 'ASC' }));
      await waitFor(() => expect(lastUrl()).toBe(''));
    });

    it('ignores a sort key the list cannot sort by', async () => {
      const { result, updates } = renderList();
      act(() => result.current.setSort({ key: 'password', direction: 'ASC' }));
      // Long enough for nuqs to have written the URL, had there been anything to write.
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(updates).toEqual([]);
      expect(result.current.sort).toEqual({ key: 'name', direction: 'ASC' });
    });

    it('clears search and filters together, keeping the sort and size', async () => {
      const { result, lastUrl } = renderList('?q=ann&status=DISABLED&role=Editor&sort=email&size=10&page=2');
      act(() => result.current.clearSearchAndFilters());
      await waitFor(() => expect(lastUrl()).toBe('?sort=email&size=10'));
      expect(result.current.searchText).toBe('');
      expect(result.current.isFiltered).toBe(false);
    });
  });

  describe('search', () => {
    it('waits for typing to pause, trims the text and starts again at page 1', async () => {
      vi.useFakeTimers();
      const { result, updates, lastUrl, lastHistory } = renderList('?page=3&status=ACTIVE');
      act(() => result.current.setSearchText('  ann '));
      expect(result.current.searchText).toBe('  ann ');
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50));
      expect(updates).toEqual([]);
      expect(result.current.search).toBe('');

      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(lastUrl()).toBe('?status=ACTIVE&q=ann');
      expect(lastHistory()).toBe('push');
      expect(result.current.search).toBe('ann');
      expect(result.current.variables).toMatchObject({ page: { offset: 0 }, search: 'ann' });
      // What the reader typed stays in the box, spaces and all.
      expect(result.current.searchText).toBe('  ann ');
    });

    it('replaces the history entry while a search is refined, and searches each pause once', async () => {
      vi.useFakeTimers();
      const { result, updates, lastUrl, lastHistory } = renderList('?q=ann');
      act(() => result.current.setSearchText('ann '));
      act(() => result.current.setSearchText('ann l'));
      act(() => result.current.setSearchText('ann le'));
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
      expect(updates).toHaveLength(1);
      expect(lastUrl()).toBe('?q=ann+le');
      expect(lastHistory()).toBe('replace');
    });

    it('shows the whole list as soon as the box is emptied', async () => {
      vi.useFakeTimers();
      const { result, lastUrl } = renderList('?q=ann&page=2');
      act(() => result.current.setSearchText(''));
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(lastUrl()).toBe('');
      expect(result.current.isFiltered).toBe(false);
    });
  });
});

describe('useListState in the router', () => {
  function UserListProbe() {
    const list = useListState(userList);
    return (
      <div>
        <output data-testid="state">{JSON.stringify(list.variables)}</output>
        <label>
          Search users
          <input value={list.searchText} onChange={(event) => list.setSearchText(event.target.value)} />
        </label>
        <button onClick={() => list.setPage(list.page + 1)}>Next page</button>
        <button onClick={() => list.setFilter('status', 'DISABLED')}>Disabled only</button>
      </div>
    );
  }

  function renderAt(url: string) {
    window.history.replaceState(null, '', url);
    const router = createBrowserRouter([
      {
        path: '/',
        element: (
          <NuqsAdapter>
            <Outlet />
          </NuqsAdapter>
        ),
        children: [{ path: 'UserManagement', element: <UserListProbe /> }],
      },
    ]);
    render(<RouterProvider router={router} />);
    return router;
  }

  const state = () => JSON.parse(screen.getByTestId('state').textContent ?? 'null') as Record<string, unknown>;

  it('takes its state from the address, writes changes to it, and steps back with Back', async () => {
    const user = userEvent.setup();
    renderAt('/UserManagement?page=2&sort=-email');
    expect(state()).toMatchObject({ page: { offset: 25, limit: 25 }, sort: { field: 'EMAIL', direction: 'DESC' } });

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(window.location.search).toBe('?page=3&sort=-email'));
    expect(state()).toMatchObject({ page: { offset: 50 } });

    await user.click(screen.getByRole('button', { name: 'Disabled only' }));
    await waitFor(() => expect(window.location.search).toBe('?sort=-email&status=DISABLED'));
    expect(state()).toMatchObject({ page: { offset: 0 }, filter: { status: 'DISABLED' } });

    window.history.back();
    await waitFor(() => expect(window.location.search).toBe('?page=3&sort=-email'));
    await waitFor(() => expect(state()).toMatchObject({ page: { offset: 50 } }));
    expect(state()).not.toHaveProperty('filter.status');
  });

  it('searches from the box after a pause and goes back to page 1', async () => {
    const user = userEvent.setup();
    renderAt('/UserManagement?page=4');
    await user.type(screen.getByRole('textbox', { name: 'Search users' }), ' globex ');
    expect(window.location.search).toBe('?page=4');
    await waitFor(() => expect(window.location.search).toBe('?q=globex'), { timeout: 2000 });
    expect(state()).toMatchObject({ page: { offset: 0 }, search: 'globex' });
  });
});
