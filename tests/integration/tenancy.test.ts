import { describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { DATABASES, TEST_SERVICE_TOKEN } from '../support/stack';
import { useStack } from '../support/useStack';

const ORGANIZATION = /* GraphQL */ `
  query Organization($id: ID!) {
    organization(id: $id) {
      id
      companyName
    }
  }
`;

type OrganizationData = { organization: { id: string; companyName: string } | null };

describe.each(DATABASES)('organisation scope on %s', (kind) => {
  const stack = useStack(kind);

  async function organisationId(name: string): Promise<string> {
    const [row] = await stack.db.query<{ client_id: number }>('SELECT client_id FROM clients WHERE company_name = $1', [name]);
    return String(row!.client_id);
  }

  async function restSignIn(email: string): Promise<string> {
    const response = await fetch(`${stack.apiUrl}users/signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: TEST_SERVICE_TOKEN },
      body: JSON.stringify({ email, password: 'Admin@123' }),
    });
    return ((await response.json()) as { token: string }).token;
  }

  describe('through the gateway', () => {
    it('lets an OrgAdmin read their own organisation', async () => {
      const acme = await signedIn(stack.gatewayUrl, 'admin@acme.local');
      const answer = await acme.request<OrganizationData>(ORGANIZATION, { id: await organisationId('Acme Corporation') });
      expect(answer.data?.organization?.companyName).toBe('Acme Corporation');
    });

    it.each([
      ['admin@acme.local', 'Globex Industries'],
      ['admin@globex.local', 'Acme Corporation'],
      ['admin@acme.local', 'Yozy Technologies'],
    ])('answers FORBIDDEN when %s asks for %s', async (email, other) => {
      const session = await signedIn(stack.gatewayUrl, email);
      const answer = await session.request<OrganizationData>(ORGANIZATION, { id: await organisationId(other) });
      expect(answer.data?.organization).toBeNull();
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(JSON.stringify(answer)).not.toContain(other);
    });

    it('lets a SuperAdmin read any organisation', async () => {
      const admin = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
      const answer = await admin.request<OrganizationData>(ORGANIZATION, { id: await organisationId('Globex Industries') });
      expect(answer.data?.organization?.companyName).toBe('Globex Industries');
    });

    it('refuses an ordinary member and a signed-out caller', async () => {
      const member = await signedIn(stack.gatewayUrl, 'member@acme.local');
      const own = await member.request(ORGANIZATION, { id: await organisationId('Acme Corporation') });
      expect(own.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

      const anonymous = await new GraphQLSession(stack.gatewayUrl).request(ORGANIZATION, { id: '1' });
      expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('directly at the REST service', () => {
    it('answers 403 when an OrgAdmin filters by another organisation', async () => {
      const token = await restSignIn('admin@acme.local');
      const globex = await organisationId('Globex Industries');
      const response = await fetch(`${stack.apiUrl}subscription_client_details?ClientId=eq.${globex}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: { code: 'FORBIDDEN', message: 'You can only see the data of your own organization', field: 'ClientId' },
      });
    });

    it.each(['in.(1,2,3,4)', 'neq.0', 'gt.0', 'is.null'])('answers 403 for the filter ClientId=%s', async (filter) => {
      const token = await restSignIn('admin@acme.local');
      const response = await fetch(`${stack.apiUrl}subscription_client_details?ClientId=${filter}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(403);
    });

    it('lists only their own organisation for an OrgAdmin without a filter', async () => {
      const token = await restSignIn('admin@globex.local');
      const response = await fetch(`${stack.apiUrl}subscription_client_details?select=ClientCompanyName`, {
        headers: { authorization: `Bearer ${token}`, prefer: 'count=exact' },
      });
      expect(await response.json()).toEqual([{ ClientCompanyName: 'Globex Industries' }]);
      expect(response.headers.get('content-range')).toBe('0-0/1');
    });

    it('lists every organisation for a SuperAdmin, with paging and a total', async () => {
      const token = await restSignIn('admin@yozy.local');
      const response = await fetch(
        `${stack.apiUrl}subscription_client_details?select=ClientCompanyName&order=ClientCompanyName.asc&limit=2&offset=1`,
        { headers: { authorization: `Bearer ${token}`, prefer: 'count=exact' } },
      );
      // Every organisation of the database, the provider's own and each customer's, sorted by name as people read it.
      const all = await stack.db.query<{ company_name: string }>(
        'SELECT company_name FROM clients ORDER BY lower(company_name), client_id',
      );
      expect(all.map((row) => row.company_name)).toEqual(
        expect.arrayContaining(['Yozy Technologies', 'Acme Corporation', 'Globex Industries', 'Initech Ltd']),
      );
      expect(await response.json()).toEqual(all.slice(1, 3).map((row) => ({ ClientCompanyName: row.company_name })));
      expect(response.headers.get('content-range')).toBe(`1-2/${all.length}`);
    });

    it('answers 401 without a token or with a forged one', async () => {
      expect((await fetch(`${stack.apiUrl}subscription_client_details`)).status).toBe(401);
      const forged = await fetch(`${stack.apiUrl}subscription_client_details`, { headers: { authorization: 'Bearer forged' } });
      expect(forged.status).toBe(401);
      expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    });
  });
});
