// Lists the organisations an API key reaches, with their users and seats: a starting point for an
// internal tool that queries the console's GraphQL API.
//
//   YOZY_API_KEY=yozy_key_… npx tsx examples/listOrganizations.ts [http://127.0.0.1:4000]
//
// Make the key in Platform Settings › API keys: read only is enough, reaching every organisation
// (a key that reaches one organisation acts as its admin, who is not shown the organisation list).

/** What the query below answers, field for field (see schema/organization.graphql). */
type Organization = { id: string; companyName: string; isActive: boolean; userCount: number; seatsUsed: number; seatCapacity: number };
type Answer<Data> = { data?: Data | null; errors?: { message: string; extensions?: { code?: string } }[] };
type OrganizationsData = { organizations: { totalCount: number; nodes: Organization[] } };

const ORGANIZATIONS = /* GraphQL */ `
  query Organizations($offset: Int!) {
    organizations(page: { offset: $offset, limit: 100 }, sort: { field: COMPANY_NAME, direction: ASC }) {
      totalCount
      nodes {
        id
        companyName
        isActive
        userCount
        seatsUsed
        seatCapacity
      }
    }
  }
`;

/** One GraphQL operation with the key; a refused call (bad key, no right) ends with its message. */
async function query<Data>(url: string, key: string, document: string, variables: Record<string, unknown>): Promise<Data> {
  const response = await fetch(new URL('/graphql', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query: document, variables }),
  });
  const answer = (await response.json()) as Answer<Data>;
  const error = answer.errors?.[0];
  if (error || !answer.data) {
    throw new Error(`${error?.extensions?.code ?? response.status}: ${error?.message ?? 'no data in the answer'}`);
  }
  return answer.data;
}

/** Every organisation the key reaches, a page of 100 at a time. */
export async function listOrganizations(url: string, key: string): Promise<Organization[]> {
  const organizations: Organization[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await query<OrganizationsData>(url, key, ORGANIZATIONS, { offset })).organizations;
    organizations.push(...page.nodes);
    if (page.nodes.length === 0 || organizations.length >= page.totalCount) return organizations;
  }
}

async function main() {
  const key = process.env.YOZY_API_KEY;
  if (!key) throw new Error('Set YOZY_API_KEY to a key made in Platform Settings › API keys');
  const url = process.argv[2] ?? process.env.YOZY_URL ?? 'http://127.0.0.1:4000';
  for (const organization of await listOrganizations(url, key)) {
    const seats = `${organization.seatsUsed}/${organization.seatCapacity} seats`;
    console.log(`${organization.id}\t${organization.companyName}\t${organization.isActive ? 'active' : 'inactive'}\t${seats}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
