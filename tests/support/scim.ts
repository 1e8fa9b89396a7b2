import type { Database } from '@yozy/subscription-api';
import { factories, unique, type Organisation, type User } from './factories';

export const SCIM = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

/** What a SCIM or GraphQL answer holds, read freely by the tests that hold it against what they expect. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;
/** A SCIM list answer (RFC 7644 §3.4.2). */
export type ListResponse = { schemas: string[]; totalResults: number; startIndex: number; itemsPerPage: number; Resources: Loose[] };

export type ScimAnswer<T = Record<string, unknown>> = { status: number; body: T; headers: Headers; contentType: string | null };

/** A SCIM client over real HTTP to the gateway's `/scim/v2/`, as an identity provider calls it. */
export function scimClient(gatewayUrl: string, token: string) {
  return async function request<T = Loose>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ScimAnswer<T>> {
    const response = await fetch(`${gatewayUrl}/scim/v2${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/scim+json',
        ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as T,
      headers: response.headers,
      contentType: response.headers.get('content-type'),
    };
  };
}

export type ScimRequest = ReturnType<typeof scimClient>;

export type ProvisionedOrganisation = {
  organisation: Organisation;
  admin: User;
  /** The admin's REST session token. */
  adminToken: string;
  domain: string;
  productId: number;
  roleId: number;
  token: string;
  scim: ScimRequest;
};

/**
 * An organisation with a licence of `capacity` seats (its admin takes one), a verified domain,
 * provisioning on with the product's role, and a provisioning token made through the REST service
 * as its admin would.
 */
export async function provisionedOrganisation(
  stack: { db: Database; apiUrl: string; gatewayUrl: string },
  { capacity = 100, serviceToken }: { capacity?: number; serviceToken: string },
): Promise<ProvisionedOrganisation> {
  const make = factories(stack.db);
  const { organisation, admin } = await make.organisationWithAdmin();
  const plan = await make.plan({ capacity });
  await make.licence(organisation, { plan });
  const { roleId } = await make.role(admin, plan);
  const domain = `${unique('scim').toLowerCase()}.example`;
  await stack.db.query(
    `INSERT INTO organization_domains (domain, client_id, verification_token, verified_at, verified_by) VALUES ($1, $2, 'test', now(), 'provider')`,
    [domain, organisation.clientId],
  );
  const { token: adminToken } = await make.session(admin);
  const rest = async (method: string, path: string, body: unknown) => {
    const response = await fetch(new URL(path, stack.apiUrl), {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', 'x-service-token': serviceToken },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  await rest('PATCH', 'provisioning_settings', { Enabled: true, RoleId: roleId });
  const created = await rest('POST', 'provisioning_tokens', { Name: unique('Okta') });
  const token = created.Token as string;
  return { organisation, admin, adminToken, domain, productId: plan.productId, roleId, token, scim: scimClient(stack.gatewayUrl, token) };
}

/** A SCIM User body of the organisation's domain. */
export function scimUser(domain: string, fields: Record<string, unknown> = {}) {
  const name = unique('person').toLowerCase();
  return {
    schemas: [SCIM.user, SCIM.enterpriseUser],
    userName: `${name}@${domain}`,
    name: { givenName: 'Ada', familyName: 'Lovelace' },
    emails: [{ primary: true, value: `${name}@${domain}`, type: 'work' }],
    displayName: 'Ada Lovelace',
    externalId: `ext-${name}`,
    active: true,
    [SCIM.enterpriseUser]: { department: 'Engineering' },
    ...fields,
  };
}

/** How many seats of the product the organisation's active people take. */
export async function seatsTaken(db: Database, clientId: number, productId: number): Promise<number> {
  const [row] = await db.query<{ used: number }>(
    `SELECT count(DISTINCT u.user_id)::int AS used FROM client_users u JOIN user_roles ur ON ur.user_id = u.user_id
      WHERE u.client_id = $1 AND u.is_active AND ur.product_id = $2`,
    [clientId, productId],
  );
  return row!.used;
}
