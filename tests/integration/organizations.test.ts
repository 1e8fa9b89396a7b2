import { beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_DEMO_ORGANIZATIONS } from '@yozy/subscription-api';
import { GraphQLSession, signedIn } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const ORGANIZATIONS = /* GraphQL */ `
  query OrganizationList($page: PageInput, $search: String, $filter: OrganizationFilter, $sort: OrganizationSort) {
    organizations(page: $page, search: $search, filter: $filter, sort: $sort) {
      totalCount
      pageInfo {
        offset
        limit
        hasNextPage
        hasPreviousPage
      }
      nodes {
        id
        companyName
        contactName
        dateOnboarded
        clientType
        businessVertical
      }
    }
  }
`;

type Node = {
  id: string;
  companyName: string;
  contactName: string | null;
  dateOnboarded: string;
  clientType: string | null;
  businessVertical: string | null;
};
type ListData = {
  organizations: {
    totalCount: number;
    pageInfo: { offset: number; limit: number; hasNextPage: boolean; hasPreviousPage: boolean };
    nodes: Node[];
  };
};
type Variables = {
  page?: { offset?: number; limit?: number };
  search?: string;
  filter?: Record<string, string>;
  sort?: { field: string; direction?: string };
};

const TYPES = ['SMB', 'Startup', 'Enterprise'];
const VERTICALS = ['Retail', 'Health'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * Besides the four demo organisations (onboarded 400 days ago, three Enterprise and the provider):
 * thirty "Paging Co NN" onboarded on 2023-01-NN, with types and verticals in turn, and one name
 * in lower case to show that names sort ignoring case.
 */
async function addOrganisations(db: { query(sql: string, params?: unknown[]): Promise<unknown> }) {
  for (let n = 1; n <= 30; n++) {
    await db.query(
      `INSERT INTO clients (company_name, contact_name, date_onboarded, client_type, business_vertical) VALUES ($1, $2, $3, $4, $5)`,
      [`Paging Co ${two(n)}`, `Contact ${two(n)}`, `2023-01-${two(n)}`, TYPES[(n - 1) % 3], VERTICALS[(n - 1) % 2]],
    );
  }
  await db.query(
    `INSERT INTO clients (company_name, contact_name, date_onboarded) VALUES ('aardvark analytics', 'Ada Varga', '2022-06-15')`,
  );
}

const ALL = 35;

describe.each(DATABASES)('the organisation list on %s', (kind) => {
  const stack = useStack(kind);
  let admin: GraphQLSession;

  beforeAll(async () => {
    // The list's counts and orders below are of the hand-made organisations: the generated demo ones step aside.
    await stack.db.query('DELETE FROM clients WHERE company_name = ANY($1)', [[...PROVIDER_DEMO_ORGANIZATIONS]]);
    await addOrganisations(stack.db);
    admin = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
  });

  async function list(variables: Variables = {}) {
    const answer = await admin.request<ListData>(ORGANIZATIONS, variables);
    expect(answer.errors).toBeUndefined();
    return answer.data!.organizations;
  }

  /** Every row, page by page. */
  async function walk(variables: Variables, limit: number): Promise<Node[]> {
    const rows: Node[] = [];
    for (let offset = 0; ; offset += limit) {
      const page = await list({ ...variables, page: { offset, limit } });
      rows.push(...page.nodes);
      if (!page.pageInfo.hasNextPage) return rows;
    }
  }

  describe('paging', () => {
    it('answers the first 25 by company name, ignoring case, with the exact total', async () => {
      const page = await list();
      expect(page.totalCount).toBe(ALL);
      expect(page.pageInfo).toEqual({ offset: 0, limit: 25, hasNextPage: true, hasPreviousPage: false });
      expect(page.nodes.slice(0, 5).map((n) => n.companyName)).toEqual([
        'aardvark analytics',
        'Acme Corporation',
        'Globex Industries',
        'Initech Ltd',
        'Paging Co 01',
      ]);
    });

    it('walks every row once, page by page, the last page short', async () => {
      const last = await list({ page: { offset: 30, limit: 10 } });
      expect(last.nodes).toHaveLength(5);
      expect(last.pageInfo).toEqual({ offset: 30, limit: 10, hasNextPage: false, hasPreviousPage: true });
      const rows = await walk({}, 10);
      expect(rows).toHaveLength(ALL);
      expect(new Set(rows.map((r) => r.id)).size).toBe(ALL);
      expect(rows.at(-1)?.companyName).toBe('Yozy Technologies');
    });

    it('answers a page past the end empty, with the total', async () => {
      const page = await list({ page: { offset: 100, limit: 10 } });
      expect(page).toEqual({ totalCount: ALL, pageInfo: { offset: 100, limit: 10, hasNextPage: false, hasPreviousPage: true }, nodes: [] });
    });
  });

  describe('sorting', () => {
    it('sorts by company name both ways', async () => {
      const ascending = await walk({ sort: { field: 'COMPANY_NAME', direction: 'ASC' } }, 100);
      const descending = await walk({ sort: { field: 'COMPANY_NAME', direction: 'DESC' } }, 100);
      expect(descending.map((r) => r.id)).toEqual(ascending.map((r) => r.id).reverse());
    });

    it('sorts by onboarding day both ways', async () => {
      const ascending = (await list({ sort: { field: 'DATE_ONBOARDED' }, page: { limit: 3 } })).nodes.map((n) => n.dateOnboarded);
      expect(ascending).toEqual(['2022-06-15', '2023-01-01', '2023-01-02']);
      const descending = await walk({ sort: { field: 'DATE_ONBOARDED', direction: 'DESC' } }, 100);
      const days = descending.map((n) => n.dateOnboarded);
      expect(days).toEqual([...days].sort().reverse());
    });

    it.each(['CLIENT_TYPE', 'BUSINESS_VERTICAL', 'CONTACT_NAME'])(
      'pages through %s, full of ties, without repeating or skipping a row',
      async (field) => {
        for (const direction of ['ASC', 'DESC']) {
          const rows = await walk({ sort: { field, direction } }, 4);
          expect(new Set(rows.map((r) => r.id)).size).toBe(ALL);
        }
      },
    );
  });

  describe('search', () => {
    it('finds text anywhere in the company name, ignoring case', async () => {
      const page = await list({ search: 'PAGING co 1' });
      expect(page.totalCount).toBe(10);
      expect(page.nodes.map((n) => n.companyName)).toEqual(Array.from({ length: 10 }, (_, i) => `Paging Co ${10 + i}`));
    });

    it("finds text in the contact's name", async () => {
      const page = await list({ search: 'coyote' });
      expect(page.nodes.map((n) => n.companyName)).toEqual(['Acme Corporation']);
    });

    it.each(['%', '_', 'a,b)', '"', '\\', "'; DROP TABLE clients; --"])('takes %j as plain text', async (search) => {
      const page = await list({ search });
      expect(page).toMatchObject({ totalCount: 0, nodes: [] });
      expect((await list()).totalCount).toBe(ALL);
    });
  });

  describe('filters', () => {
    it.each([
      [{ clientType: 'Enterprise' }, 13],
      [{ clientType: 'SMB' }, 10],
      [{ businessVertical: 'Retail' }, 15],
      [{ onboardedFrom: '2023-01-10', onboardedTo: '2023-01-19' }, 10],
      [{ onboardedTo: '2022-12-31' }, 1],
    ])('narrows the list to %j: %i', async (filter, count) => {
      const rows = await walk({ filter }, 100);
      expect(rows).toHaveLength(count);
      for (const row of rows) {
        if ('clientType' in filter) expect(row.clientType).toBe(filter.clientType);
        if ('businessVertical' in filter) expect(row.businessVertical).toBe(filter.businessVertical);
        if ('onboardedFrom' in filter) expect(row.dateOnboarded >= filter.onboardedFrom!).toBe(true);
        if ('onboardedTo' in filter) expect(row.dateOnboarded <= filter.onboardedTo!).toBe(true);
      }
    });

    it('combines filters with the search', async () => {
      const page = await list({ search: 'paging co 1', filter: { clientType: 'SMB' } });
      expect(page.nodes.map((n) => n.companyName)).toEqual(['Paging Co 10', 'Paging Co 13', 'Paging Co 16', 'Paging Co 19']);
    });
  });

  describe('bad input', () => {
    it.each([
      [{ page: { limit: 0 } }, 'page.limit'],
      [{ page: { limit: 101 } }, 'page.limit'],
      [{ page: { offset: -1 } }, 'page.offset'],
      [{ search: 'x'.repeat(101) }, 'search'],
    ])('answers BAD_USER_INPUT to %j', async (variables, field) => {
      const answer = await admin.request(ORGANIZATIONS, variables);
      expect(answer.data).toBeNull();
      expect(answer.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field, requestId: expect.any(String) });
    });

    it.each([{ filter: { onboardedFrom: 'yesterday' } }, { sort: { field: 'REVENUE' } }])(
      'answers BAD_USER_INPUT to %j',
      async (variables) => {
        const answer = await admin.request(ORGANIZATIONS, variables);
        expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      },
    );
  });

  describe('who may list', () => {
    it.each([
      ['admin@acme.local', 'FORBIDDEN'],
      ['admin@globex.local', 'FORBIDDEN'],
      ['member@acme.local', 'FORBIDDEN'],
      [null, 'UNAUTHENTICATED'],
    ])('refuses %s with %s and shows no organisation', async (email, code) => {
      const session = email ? await signedIn(stack.gatewayUrl, email) : new GraphQLSession(stack.gatewayUrl);
      const answer = await session.request(ORGANIZATIONS, {});
      expect(answer.data).toBeNull();
      expect(answer.errors?.map((e) => e.extensions?.code)).toEqual([code]);
      expect(JSON.stringify(answer)).not.toMatch(/Paging Co|Initech|Globex|Acme|Yozy/);
    });
  });
});
