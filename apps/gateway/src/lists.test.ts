import { describe, expect, it, vi } from 'vitest';
import { restError } from './errors';
import { listPage, oneRow, restParams, type ListSpec } from './lists';

type Filter = { kind?: string | null; from?: string | null };
type SortField = 'NAME' | 'DAY';

const SPEC: ListSpec<Filter, SortField> = {
  search: ['Name', 'Contact'],
  filter: { kind: ['Kind', 'eq'], from: ['Day', 'gte'] },
  sort: { NAME: 'Name', DAY: 'Day' },
  defaultSort: { field: 'NAME', direction: 'ASC' },
};

const query = (params: URLSearchParams) => Object.fromEntries(params);

describe('restParams', () => {
  it('asks for the first 25 rows in the default order when nothing is given', () => {
    expect(query(restParams({}, SPEC).params)).toEqual({ limit: '25', offset: '0', order: 'Name.asc' });
  });

  it('turns page, search, filter and sort into the REST parameters', () => {
    const { params } = restParams(
      {
        page: { offset: 50, limit: 10 },
        search: '  acme ',
        filter: { kind: 'SMB', from: '2024-01-01' },
        sort: { field: 'DAY', direction: 'DESC' },
      },
      SPEC,
    );
    expect(query(params)).toEqual({
      limit: '10',
      offset: '50',
      or: '(Name.ilike."*acme*",Contact.ilike."*acme*")',
      Kind: 'eq.SMB',
      Day: 'gte.2024-01-01',
      order: 'Day.desc',
    });
  });

  it('quotes the search so commas, parentheses and quotes stay text', () => {
    const { params } = restParams({ search: 'a,b) "c" \\' }, SPEC);
    expect(params.get('or')).toBe('(Name.ilike."*a,b) \\"c\\" \\\\*",Contact.ilike."*a,b) \\"c\\" \\\\*")');
  });

  it('leaves out a blank search and filters given as null', () => {
    expect(query(restParams({ search: '   ', filter: { kind: null } }, SPEC).params)).toEqual({
      limit: '25',
      offset: '0',
      order: 'Name.asc',
    });
  });

  it.each([
    [{ page: { offset: 0, limit: 0 } }, 'page.limit'],
    [{ page: { offset: 0, limit: 101 } }, 'page.limit'],
    [{ page: { offset: -1, limit: 10 } }, 'page.offset'],
    [{ search: 'x'.repeat(101) }, 'search'],
  ])('refuses %j with BAD_USER_INPUT on %s', (args, field) => {
    expect(() => restParams(args, SPEC)).toThrow(expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT', field } }));
  });
});

describe('listPage', () => {
  it('answers the rows with the exact total and where the page sits', async () => {
    const fetchPage = vi.fn(async () => ({ rows: ['c', 'd'], contentRange: '2-3/5' }));
    const page = await listPage({ page: { offset: 2, limit: 2 } }, SPEC, fetchPage);
    expect(page).toEqual({
      totalCount: 5,
      totalCountKind: 'EXACT',
      pageInfo: { offset: 2, limit: 2, hasNextPage: true, hasPreviousPage: true },
      nodes: ['c', 'd'],
    });
  });

  it('knows the last page and a page past the end', async () => {
    const last = await listPage({ page: { offset: 4, limit: 2 } }, SPEC, async () => ({ rows: ['e'], contentRange: '4-4/5' }));
    expect(last.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const past = await listPage({ page: { offset: 10, limit: 2 } }, SPEC, async () => ({ rows: [], contentRange: '*/5' }));
    expect(past).toMatchObject({ totalCount: 5, nodes: [], pageInfo: { hasNextPage: false } });
  });

  it('answers a total the REST service stopped counting as more than it, with a next page', async () => {
    const rows = Array.from({ length: 25 }, (_, index) => `row ${index}`);
    const page = await listPage({ page: { offset: 9_975, limit: 25 } }, SPEC, async () => ({
      rows,
      contentRange: '9975-9999/*',
      totalMoreThan: '10000',
    }));
    expect(page).toMatchObject({ totalCount: 10_000, totalCountKind: 'MORE_THAN', pageInfo: { hasNextPage: true } });
  });

  it('fails loudly when the REST answer has no total', async () => {
    await expect(listPage({}, SPEC, async () => ({ rows: [], contentRange: null }))).rejects.toThrow(/without a total/);
    await expect(listPage({}, SPEC, async () => ({ rows: [], contentRange: '*/*', totalMoreThan: null }))).rejects.toThrow(
      /without a total/,
    );
  });
});

/** The REST service refusing a value of `field`. */
const refusal = (field: string) => restError(400, { code: 'BAD_REQUEST', message: `${field} is not a whole number`, field });

describe('a list naming its fields', () => {
  it('answers a refused REST field by the GraphQL name its spec gives', async () => {
    const named: ListSpec<Filter, SortField> = { ...SPEC, fields: { kind: 'Kind', from: 'Day' } };
    await expect(listPage({}, named, () => Promise.reject(refusal('Day')))).rejects.toMatchObject({
      message: 'Day is not a whole number',
      extensions: { code: 'BAD_USER_INPUT', field: 'from' },
    });
    // A list that names none answers the refusal as it came.
    const error = await listPage({}, SPEC, () => Promise.reject(refusal('Day'))).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', restField: 'Day' } });
    expect(error).not.toHaveProperty('extensions.field');
  });

  it('reads one row by id: the row, none, or a refusal naming the GraphQL argument', async () => {
    const fields = { id: 'ClientUserId', organizationId: 'ClientId' };
    expect(await oneRow(fields, Promise.resolve(['ada', 'bob']))).toBe('ada');
    expect(await oneRow(fields, Promise.resolve([]))).toBeNull();
    await expect(oneRow(fields, Promise.reject(refusal('ClientUserId')))).rejects.toMatchObject({ extensions: { field: 'id' } });
  });
});
