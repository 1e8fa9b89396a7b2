import { beforeAll, describe, expect, it } from 'vitest';
import { factories, type Organisation } from '../support/factories';
import { GraphQLSession, signedIn } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const CREATE_CHOICE = /* GraphQL */ `
  mutation ($input: CreateOrganizationChoiceInput!) {
    createOrganizationChoice(input: $input) {
      organizationChoice {
        id
        list
        name
        active
        organizationCount
      }
      errors {
        code
        field
        message
      }
    }
  }
`;
const RETIRE_CHOICE = /* GraphQL */ `
  mutation ($input: SetOrganizationChoiceActiveInput!) {
    setOrganizationChoiceActive(input: $input) {
      organizationChoice {
        id
        active
      }
      errors {
        code
        field
        message
      }
    }
  }
`;
const CHOICES = /* GraphQL */ `
  query ($list: OrganizationChoiceList!, $search: String) {
    organizationChoices(list: $list, search: $search, page: { limit: 100 }) {
      totalCount
      nodes {
        id
        name
        active
        organizationCount
      }
    }
  }
`;
const OFFERED = '{ offeredOrganizationChoices { businessVerticals clientTypes } }';
const UPDATE = /* GraphQL */ `
  mutation ($input: UpdateOrganizationInput!) {
    updateOrganization(input: $input) {
      organization {
        id
        country
        countryCode
        currencyCode
        businessVertical
        clientType
      }
      errors {
        code
        field
        message
      }
    }
  }
`;
const LIST = /* GraphQL */ `
  query ($filter: OrganizationFilter) {
    organizations(filter: $filter, page: { limit: 100 }) {
      totalCount
      nodes {
        id
        companyName
        countryCode
        currencyCode
      }
    }
  }
`;
const IN_USE = '{ organizationValuesInUse { countryCodes currencyCodes businessVerticals clientTypes } }';

type Errors = { code: string; field: string | null; message: string }[];
type Choice = { id: string; list: string; name: string; active: boolean; organizationCount: number };

describe.each(DATABASES)('the closed lists of an organisation’s fields over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let provider: GraphQLSession;
  let orgAdmin: GraphQLSession;
  let organisation: Organisation;
  const vertical = `Agritech ${kind}`;

  const update = (changes: Record<string, unknown>) =>
    provider.request<{ updateOrganization: { organization: Record<string, unknown> | null; errors: Errors } }>(UPDATE, {
      input: {
        id: String(organisation.clientId),
        companyName: organisation.companyName,
        currencyCode: 'KES',
        defaultRegions: [],
        ...changes,
      },
    });

  beforeAll(async () => {
    organisation = await factories(stack.db).organisation();
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    orgAdmin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
  });

  it('lets the provider add a business vertical, which organisations and the sign-up form can choose at once', async () => {
    const created = await provider.request<{ createOrganizationChoice: { organizationChoice: Choice; errors: Errors } }>(CREATE_CHOICE, {
      input: { list: 'BUSINESS_VERTICAL', name: vertical },
    });
    expect(created.data!.createOrganizationChoice).toEqual({
      organizationChoice: { id: expect.any(String), list: 'BUSINESS_VERTICAL', name: vertical, active: true, organizationCount: 0 },
      errors: [],
    });
    const offered = await new GraphQLSession(stack.gatewayUrl).request<{ offeredOrganizationChoices: { businessVerticals: string[] } }>(
      OFFERED,
    );
    expect(offered.data!.offeredOrganizationChoices.businessVerticals).toContain(vertical);

    const saved = await update({ countryCode: 'ke', currencyCode: 'kes', businessVertical: vertical, clientType: 'Startup' });
    expect(saved.data!.updateOrganization).toEqual({
      organization: {
        id: String(organisation.clientId),
        country: 'Kenya',
        countryCode: 'KE',
        currencyCode: 'KES',
        businessVertical: vertical,
        clientType: 'Startup',
      },
      errors: [],
    });
    const listed = await provider.request<{ organizationChoices: { nodes: Choice[] } }>(CHOICES, {
      list: 'BUSINESS_VERTICAL',
      search: vertical,
    });
    expect(listed.data!.organizationChoices.nodes).toEqual([expect.objectContaining({ name: vertical, organizationCount: 1 })]);
  });

  it('refuses a country, currency, vertical or type of no list on its field, writing nothing', async () => {
    const before = await stack.db.query('SELECT * FROM clients WHERE client_id = $1', [organisation.clientId]);
    for (const [changes, field] of [
      [{ countryCode: 'UK' }, 'countryCode'],
      [{ currencyCode: 'XAU' }, 'currencyCode'],
      [{ businessVertical: 'Space mining' }, 'businessVertical'],
      [{ clientType: 'Government' }, 'clientType'],
    ] as const) {
      const answer = await update({ ...changes, city: 'Elsewhere' });
      expect(answer.data!.updateOrganization.organization).toBeNull();
      expect(answer.data!.updateOrganization.errors).toEqual([expect.objectContaining({ code: 'BAD_USER_INPUT', field })]);
      expect(answer.data!.updateOrganization.errors[0]!.message).toMatch(/^Choose the .+ from the list/);
    }
    expect(await stack.db.query('SELECT * FROM clients WHERE client_id = $1', [organisation.clientId])).toEqual(before);
  });

  it('keeps a retired vertical where it is chosen, and refuses it for another organisation', async () => {
    const [entry] = await stack.db.query<{ id: string }>(
      "SELECT choice_id::text AS id FROM organization_choices WHERE choice_list = 'BusinessVertical' AND choice_name = $1",
      [vertical],
    );
    const retired = await provider.request<{ setOrganizationChoiceActive: { errors: Errors } }>(RETIRE_CHOICE, {
      input: { id: entry!.id, active: false },
    });
    expect(retired.data!.setOrganizationChoiceActive.errors).toEqual([]);
    expect((await update({ businessVertical: vertical, city: 'Nakuru' })).data!.updateOrganization.errors).toEqual([]);
    const other = await factories(stack.db).organisation();
    const refused = await provider.request<{ updateOrganization: { errors: Errors } }>(UPDATE, {
      input: {
        id: String(other.clientId),
        companyName: other.companyName,
        currencyCode: 'USD',
        defaultRegions: [],
        businessVertical: vertical,
      },
    });
    expect(refused.data!.updateOrganization.errors).toEqual([
      expect.objectContaining({
        field: 'businessVertical',
        message: `Choose the business vertical from the list; ${vertical} is no longer offered`,
      }),
    ]);
    await provider.request(RETIRE_CHOICE, { input: { id: entry!.id, active: true } });
  });

  it('filters the organisation list by a country and a currency in use, and offers every value in use', async () => {
    const inUse = await provider.request<{ organizationValuesInUse: Record<string, string[]> }>(IN_USE);
    expect(inUse.data!.organizationValuesInUse).toMatchObject({
      countryCodes: expect.arrayContaining(['KE', 'US', 'IN']),
      currencyCodes: expect.arrayContaining(['KES', 'USD']),
      businessVerticals: expect.arrayContaining([vertical, 'Industrial']),
      clientTypes: expect.arrayContaining(['Startup', 'Enterprise']),
    });
    const kenyan = await provider.request<{ organizations: { nodes: { id: string; countryCode: string; currencyCode: string }[] } }>(LIST, {
      filter: { countryCode: 'KE', currencyCode: 'KES' },
    });
    const [{ n } = { n: 0 }] = await stack.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM clients WHERE country_code = 'KE' AND currency_code = 'KES'",
    );
    expect(kenyan.data!.organizations.nodes).toHaveLength(n);
    expect(kenyan.data!.organizations.nodes).toContainEqual({
      id: String(organisation.clientId),
      companyName: organisation.companyName,
      countryCode: 'KE',
      currencyCode: 'KES',
    });
    expect(kenyan.data!.organizations.nodes.every((node) => node.countryCode === 'KE' && node.currencyCode === 'KES')).toBe(true);
  });

  it('keeps the lists to the provider’s SuperAdmins in person: an organisation admin and an API key are refused', async () => {
    const created = await provider.request<{ createApiKey: { secret: string } }>(
      'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret errors { code } } }',
      { input: { name: `Closed lists ${kind}`, access: 'READ_WRITE' } },
    );
    const tool = new GraphQLSession(stack.gatewayUrl, { authorization: `Bearer ${created.data!.createApiKey.secret}` });
    const before = await stack.db.query('SELECT * FROM organization_choices ORDER BY choice_id');
    for (const caller of [orgAdmin, tool]) {
      const list = await caller.request(CHOICES, { list: 'CLIENT_TYPE' });
      expect(list.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const add = await caller.request(CREATE_CHOICE, { input: { list: 'CLIENT_TYPE', name: 'Sneaky' } });
      expect(add.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await orgAdmin.request(IN_USE)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await stack.db.query('SELECT * FROM organization_choices ORDER BY choice_id')).toEqual(before);
  });
});
