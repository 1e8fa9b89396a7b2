import { beforeAll, describe, expect, it } from 'vitest';
import { factories, type Organisation, type User } from '../support/factories';
import { GraphQLSession, signedIn, VIEWER } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const UPDATE = /* GraphQL */ `
  mutation UpdateOrganization($input: UpdateOrganizationInput!) {
    updateOrganization(input: $input) {
      organization {
        id
        companyName
        city
        currencyCode
        revenueUsd
        defaultRegions
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

const SET_ACTIVE = /* GraphQL */ `
  mutation SetOrganizationActive($input: SetOrganizationActiveInput!) {
    setOrganizationActive(input: $input) {
      organization {
        id
        isActive
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

type Payload<K extends string> = Record<
  K,
  { organization: Record<string, unknown> | null; errors: { code: string; field: string | null; message: string }[] }
>;

describe.each(DATABASES)('the organisation info tab over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let provider: GraphQLSession;
  let make: ReturnType<typeof factories>;
  let organisation: Organisation;
  let admin: User;
  let region: string;

  const rowOf = async (clientId: number) =>
    (
      await stack.db.query<{ company_name: string; city: string | null; currency_code: string; is_active: boolean }>(
        'SELECT company_name, city, currency_code, is_active FROM clients WHERE client_id = $1',
        [clientId],
      )
    )[0]!;
  const auditCount = async (clientId: number) =>
    (
      await stack.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'organization' AND entity_id = $1",
        [String(clientId)],
      )
    )[0]!.n;
  const details = (clientId: number, changes: Record<string, unknown> = {}) => ({
    input: { id: String(clientId), companyName: 'Vandelay Industries', currencyCode: 'usd', defaultRegions: [], ...changes },
  });

  beforeAll(async () => {
    make = factories(stack.db);
    ({ organisation, admin } = await make.organisationWithAdmin());
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const [active] = await stack.db.query<{ region_code: string }>(
      'SELECT region_code FROM regions WHERE is_active ORDER BY region_id LIMIT 1',
    );
    region = active!.region_code;
  });

  it('saves every detail the provider edits, with an audit entry of before and after', async () => {
    const answer = await provider.request<Payload<'updateOrganization'>>(
      UPDATE,
      details(organisation.clientId, { city: 'Queens', revenueUsd: 1250000.5, defaultRegions: [region] }),
    );
    expect(answer.data!.updateOrganization).toEqual({
      organization: {
        id: String(organisation.clientId),
        companyName: 'Vandelay Industries',
        city: 'Queens',
        currencyCode: 'USD',
        revenueUsd: 1250000.5,
        defaultRegions: [region],
      },
      errors: [],
    });
    expect(await rowOf(organisation.clientId)).toMatchObject({ company_name: 'Vandelay Industries', city: 'Queens' });
    const [entry] = await stack.db.query<{ before: Record<string, unknown>; after: Record<string, unknown>; actor: string }>(
      `SELECT a.before, a.after, u.email AS actor FROM audit_log a JOIN client_users u ON u.user_id = a.actor_user_id
        WHERE a.action = 'organization.update' AND a.entity_id = $1`,
      [String(organisation.clientId)],
    );
    expect(entry).toMatchObject({
      actor: 'admin@yozy.local',
      before: { ClientCompanyName: organisation.companyName, City: null, DefaultRegions: [] },
      after: { ClientCompanyName: 'Vandelay Industries', City: 'Queens', DefaultRegions: [region] },
    });
  });

  it('answers bad input with errors naming each field, and writes nothing', async () => {
    const before = await rowOf(organisation.clientId);
    const entries = await auditCount(organisation.clientId);
    for (const [changes, field] of [
      [{ companyName: ' ' }, 'companyName'],
      [{ currencyCode: 'dollars' }, 'currencyCode'],
      [{ defaultRegions: ['no-such-region'] }, 'defaultRegions'],
    ] as const) {
      const answer = await provider.request<Payload<'updateOrganization'>>(
        UPDATE,
        details(organisation.clientId, { ...changes, city: 'Elsewhere' }),
      );
      expect(answer.data!.updateOrganization.organization).toBeNull();
      expect(answer.data!.updateOrganization.errors).toEqual([expect.objectContaining({ code: 'BAD_USER_INPUT', field })]);
    }
    expect(await rowOf(organisation.clientId)).toEqual(before);
    expect(await auditCount(organisation.clientId)).toBe(entries);
  });

  it('deactivating ends every session of its people at once and refuses their sign-in; activating lets them back', async () => {
    const person = await signedIn(stack.gatewayUrl, admin.email, admin.password!);
    expect((await person.request<{ viewer: unknown }>(VIEWER)).data!.viewer).not.toBeNull();

    const off = await provider.request<Payload<'setOrganizationActive'>>(SET_ACTIVE, {
      input: { id: String(organisation.clientId), active: false },
    });
    expect(off.data!.setOrganizationActive).toEqual({ organization: { id: String(organisation.clientId), isActive: false }, errors: [] });
    const after = await person.request<{ viewer: unknown }>(VIEWER);
    expect(after.data?.viewer ?? null).toBeNull();
    expect(await stack.db.query('SELECT 1 FROM sessions WHERE client_id = $1 AND ended_at IS NULL', [organisation.clientId])).toEqual([]);

    const again = new GraphQLSession(stack.gatewayUrl);
    const refused = await again.signIn(admin.email, admin.password!);
    expect(refused.data?.signIn ?? null).toBeNull();
    expect(refused.errors?.[0]).toMatchObject({
      message: expect.stringContaining('access to the console has been turned off'),
      extensions: expect.objectContaining({ code: 'FORBIDDEN' }),
    });

    const on = await provider.request<Payload<'setOrganizationActive'>>(SET_ACTIVE, {
      input: { id: String(organisation.clientId), active: true },
    });
    expect(on.data!.setOrganizationActive.organization).toEqual({ id: String(organisation.clientId), isActive: true });
    const back = await new GraphQLSession(stack.gatewayUrl).signIn(admin.email, admin.password!);
    expect(back.data!.signIn.viewer).toMatchObject({ email: admin.email });
  });

  it("refuses to deactivate the provider's own organisation", async () => {
    const [own] = await stack.db.query<{ client_id: number }>('SELECT client_id FROM clients WHERE is_provider');
    const answer = await provider.request<Payload<'setOrganizationActive'>>(SET_ACTIVE, {
      input: { id: String(own!.client_id), active: false },
    });
    expect(answer.data!.setOrganizationActive).toEqual({
      organization: null,
      errors: [{ code: 'CONFLICT', field: 'isActive', message: 'The provider’s own organization cannot be deactivated' }],
    });
    expect((await rowOf(own!.client_id)).is_active).toBe(true);
  });

  it('refuses an OrgAdmin, a member and anonymous callers, whatever organisation id they send', async () => {
    const other = await make.organisationWithAdmin();
    const member = await make.user(organisation, { typeOfUser: 'User' });
    const callers: [string, GraphQLSession, string][] = [
      ['OrgAdmin', await signedIn(stack.gatewayUrl, admin.email, admin.password!), 'FORBIDDEN'],
      ['member', await signedIn(stack.gatewayUrl, member.email, member.password!), 'FORBIDDEN'],
      ['anonymous', new GraphQLSession(stack.gatewayUrl), 'UNAUTHENTICATED'],
    ];
    const before = [await rowOf(organisation.clientId), await rowOf(other.organisation.clientId)];
    for (const [, session, code] of callers) {
      for (const clientId of [organisation.clientId, other.organisation.clientId]) {
        const edit = await session.request(UPDATE, details(clientId, { companyName: 'Taken Over' }));
        const toggle = await session.request(SET_ACTIVE, { input: { id: String(clientId), active: false } });
        expect(edit.errors?.[0]?.extensions?.code).toBe(code);
        expect(toggle.errors?.[0]?.extensions?.code).toBe(code);
      }
    }
    expect([await rowOf(organisation.clientId), await rowOf(other.organisation.clientId)]).toEqual(before);
  });
});
