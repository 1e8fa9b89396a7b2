import { parseAsString, parseAsStringLiteral } from 'nuqs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineList, listHref, listVariables, type ListVariables } from './listState';

const userList = defineList({
  sortFields: { name: 'FULL_NAME', email: 'EMAIL', lastSignIn: 'LAST_SIGN_IN' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: { status: parseAsStringLiteral(['ACTIVE', 'DISABLED', 'INVITED']), role: parseAsString },
});

describe('listHref', () => {
  it('leaves the plain list at its plain path', () => {
    expect(listHref('/UserManagement', userList)).toBe('/UserManagement');
    expect(listHref('/UserManagement', userList, { page: 1, pageSize: 25, sort: { key: 'name', direction: 'ASC' }, search: '  ' })).toBe(
      '/UserManagement',
    );
  });

  it('writes a filter, a search, a descending sort and a page', () => {
    const href = listHref('/UserManagement', userList, {
      filter: { status: 'DISABLED' },
      search: ' ann lee ',
      sort: { key: 'lastSignIn', direction: 'DESC' },
      page: 3,
      pageSize: 50,
    });
    const url = new URL(href, 'http://console.test');
    expect(url.pathname).toBe('/UserManagement');
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'DISABLED', q: 'ann lee', sort: '-lastSignIn', page: '3', size: '50' });
  });

  it('keeps characters of a search that mean something in a URL', () => {
    const href = listHref('/UserManagement', userList, { search: 'a&b=c #1 %' });
    expect(new URL(href, 'http://console.test').searchParams.get('q')).toBe('a&b=c #1 %');
  });

  it('only accepts the sort keys and filter values the list declares', () => {
    // @ts-expect-error: not a sort key of this list
    listHref('/UserManagement', userList, { sort: { key: 'password', direction: 'ASC' } });
    // @ts-expect-error: not a status
    listHref('/UserManagement', userList, { filter: { status: 'GONE' } });
  });
});

describe('listVariables', () => {
  it('gives the list contract: offset and limit, search, the filters in use, and the sort field', () => {
    const variables = listVariables(userList, {
      page: 3,
      pageSize: 25,
      sort: { key: 'email', direction: 'DESC' },
      search: 'ann',
      filter: { status: 'INVITED' },
    });
    expect(variables).toEqual({
      page: { offset: 50, limit: 25 },
      search: 'ann',
      filter: { status: 'INVITED' },
      sort: { field: 'EMAIL', direction: 'DESC' },
    });
    expectTypeOf(variables).toEqualTypeOf<ListVariables<typeof userList>>();
    expectTypeOf(variables.sort.field).toEqualTypeOf<'FULL_NAME' | 'EMAIL' | 'LAST_SIGN_IN'>();
    expectTypeOf(variables.filter).toEqualTypeOf<{ status?: 'ACTIVE' | 'DISABLED' | 'INVITED'; role?: string } | undefined>();
  });

  it('leaves out an empty search and filter, so the server sees the plain list', () => {
    const variables = listVariables(userList, { page: 1, pageSize: 10, sort: { key: 'name', direction: 'ASC' }, search: '', filter: {} });
    expect(variables).toEqual({
      page: { offset: 0, limit: 10 },
      search: undefined,
      filter: undefined,
      sort: { field: 'FULL_NAME', direction: 'ASC' },
    });
  });
});

describe('defineList', () => {
  it('refuses a filter named like a key every list uses', () => {
    expect(() =>
      defineList({ sortFields: { name: 'NAME' }, defaultSort: { key: 'name', direction: 'ASC' }, filters: { page: parseAsString } }),
    ).toThrow(/cannot be named "page"/);
  });

  it('refuses a default page size that is not offered, and sizes the contract does not allow', () => {
    const base = { sortFields: { name: 'NAME' }, defaultSort: { key: 'name', direction: 'ASC' } as const, filters: {} };
    expect(() => defineList({ ...base, pageSizes: [10, 20], defaultPageSize: 25 })).toThrow(/default page size/);
    expect(() => defineList({ ...base, pageSizes: [50, 500], defaultPageSize: 50 })).toThrow(/1 to 100/);
  });
});
