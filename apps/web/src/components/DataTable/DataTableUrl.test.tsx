// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseAsStringLiteral } from 'nuqs';
import { NuqsTestingAdapter, type UrlUpdateEvent } from 'nuqs/adapters/testing';
import { describe, expect, it } from 'vitest';
import { defineList, type ListVariables } from '@/lib/listState';
import { useListState } from '@/lib/useListState';
import { renderInConsole } from '@/testing/render';
import { DataTable, type DataTableColumn } from './index';

type Member = { id: string; name: string; status: 'ACTIVE' | 'DISABLED'; seats: number };

const memberList = defineList({
  sortFields: { name: 'FULL_NAME', seats: 'SEATS' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: { status: parseAsStringLiteral(['ACTIVE', 'DISABLED']) },
  pageSizes: [5, 10],
  defaultPageSize: 5,
});

const MEMBERS: Member[] = Array.from({ length: 12 }, (_, index) => ({
  id: String(index + 1),
  name: `Member ${String(index + 1).padStart(2, '0')}`,
  status: index % 3 === 0 ? 'DISABLED' : 'ACTIVE',
  seats: (index * 7) % 10,
}));

/** The gateway's side of the list contract over an array, from the variables the hook gives. */
function serve(variables: ListVariables<typeof memberList>) {
  const search = variables.search?.toLowerCase() ?? '';
  const status = variables.filter?.status;
  const rows = MEMBERS.filter((member) => member.name.toLowerCase().includes(search) && (!status || member.status === status));
  const key = variables.sort.field === 'SEATS' ? 'seats' : 'name';
  rows.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : Number(a.id) - Number(b.id)));
  if (variables.sort.direction === 'DESC') rows.reverse();
  return { nodes: rows.slice(variables.page.offset, variables.page.offset + variables.page.limit), totalCount: rows.length };
}

const COLUMNS: DataTableColumn<Member>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'status', header: 'Status' },
  { accessorKey: 'seats', header: 'Seats', meta: { numeric: true } },
];

function MemberScreen() {
  const list = useListState(memberList);
  const answer = serve(list.variables);
  return (
    <DataTable
      label="Members"
      columns={COLUMNS}
      rows={answer.nodes}
      totalCount={answer.totalCount}
      getRowId={(row) => row.id}
      list={list}
      empty={{ title: 'No members yet', description: 'Invite people to your organization.' }}
      search={{ label: 'Search members' }}
    />
  );
}

function renderScreen(searchParams: string) {
  const updates: UrlUpdateEvent[] = [];
  renderInConsole(
    <NuqsTestingAdapter searchParams={searchParams} hasMemory onUrlUpdate={(event) => updates.push(event)}>
      <MemberScreen />
    </NuqsTestingAdapter>,
  );
  return { lastUrl: () => updates.at(-1)?.queryString };
}

const names = () =>
  within(screen.getByRole('table', { name: 'Members' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('DataTable with the list state in the URL', { timeout: 20_000 }, () => {
  it('shows the list a shared link describes', () => {
    renderScreen('?page=2&sort=-seats&status=ACTIVE&q=member');
    expect(screen.getByTestId('table-range').textContent).toBe('6–8 of 8');
    expect(screen.getByRole('columnheader', { name: 'Seats' }).getAttribute('aria-sort')).toBe('descending');
    expect((screen.getByRole('searchbox', { name: 'Search members' }) as HTMLInputElement).value).toBe('member');
    expect(names()).toEqual(['Member 06', 'Member 03', 'Member 11']);
  });

  it('writes what the reader does to the address, starting again at page 1 when the rows change', async () => {
    const user = userEvent.setup();
    const { lastUrl } = renderScreen('');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastUrl()).toBe('?page=2'));

    await user.click(screen.getByRole('button', { name: 'Seats' }));
    await waitFor(() => expect(lastUrl()).toBe('?sort=seats'));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), ' Member 1 ');
    await waitFor(() => expect(lastUrl()).toBe('?sort=seats&q=Member+1'), { timeout: 2000 });
    expect(screen.getByTestId('table-range').textContent).toBe('1–3 of 3');

    await user.selectOptions(screen.getByLabelText('Rows per page'), '10');
    await waitFor(() => expect(lastUrl()).toBe('?sort=seats&q=Member+1&size=10'));
  });
});
