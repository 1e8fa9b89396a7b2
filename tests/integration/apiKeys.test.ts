import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn, type GraphQLAnswer } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

/**
 * Internal tools call /graphql with `Authorization: Bearer <key>` and nothing else: no cookie, no
 * captcha. A key reads or also changes, across every organisation or within one, and is refused
 * at once when revoked.
 */

const CREATE = `mutation ($input: CreateApiKeyInput!) {
  createApiKey(input: $input) { apiKey { id name prefix access organization { id name } } secret errors { code field message } }
}`;
const REVOKE = 'mutation ($id: ID!) { revokeApiKey(id: $id) { apiKey { id revokedAt } errors { code message } } }';
const ORGANIZATIONS = '{ organizations(page: { limit: 100 }) { totalCount nodes { id companyName } } }';
const USERS = 'query ($organizationId: ID) { users(organizationId: $organizationId, page: { limit: 100 }) { totalCount nodes { email } } }';
const CREATE_GROUP = `mutation ($input: CreateGroupInput!) { createGroup(input: $input) { group { id name } errors { code message } } }`;
const AUDIT = `query ($organizationId: ID) {
  auditLog(organizationId: $organizationId, page: { limit: 5 }) { nodes { action actor { email } apiKeyName } }
}`;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../../examples/listOrganizations.ts', import.meta.url));

type Created = { createApiKey: { apiKey: { id: string; prefix: string } | null; secret: string | null; errors: { field: string }[] } };
const codeOf = (answer: GraphQLAnswer<unknown>) => answer.errors?.[0]?.extensions?.code;

describe.each(DATABASES)('API keys over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let provider: GraphQLSession;
  let acmeId: string;
  let globexId: string;

  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const rows = await stack.db.query<{ id: string; email: string }>(
      "SELECT client_id::text AS id, email FROM client_users WHERE email IN ('admin@acme.local', 'admin@globex.local')",
    );
    acmeId = rows.find((row) => row.email === 'admin@acme.local')!.id;
    globexId = rows.find((row) => row.email === 'admin@globex.local')!.id;
  });

  async function newKey(input: Record<string, unknown>): Promise<{ id: string; tool: GraphQLSession; secret: string }> {
    const answer = await provider.request<Created>(CREATE, { input });
    const { apiKey, secret, errors } = answer.data!.createApiKey;
    expect(errors).toEqual([]);
    return { id: apiKey!.id, secret: secret!, tool: new GraphQLSession(stack.gatewayUrl, { authorization: `Bearer ${secret!}` }) };
  }

  it('a read-only key reads every organisation and cannot change anything', async () => {
    const { tool } = await newKey({ name: `Reporting ${kind}`, access: 'READ' });
    const organizations = await tool.request<{ organizations: { totalCount: number } }>(ORGANIZATIONS);
    expect(organizations.errors).toBeUndefined();
    expect(organizations.data!.organizations.totalCount).toBeGreaterThan(2);
    expect(organizations.setCookies).toEqual([]);

    const name = `Written by a reader ${kind}`;
    const refused = await tool.request(CREATE_GROUP, { input: { organizationId: acmeId, name } });
    expect(codeOf(refused) ?? JSON.stringify(refused.data)).toMatch(/FORBIDDEN/);
    expect(await stack.db.query('SELECT 1 FROM groups WHERE name = $1', [name])).toEqual([]);
  });

  it('an organisation key works in its organisation only, and its changes are audited with its name', async () => {
    const { tool } = await newKey({ name: `Acme HR feed ${kind}`, access: 'READ_WRITE', organizationId: acmeId });

    const own = await tool.request<{ users: { nodes: { email: string }[] } }>(USERS);
    expect(own.data!.users.nodes.length).toBeGreaterThan(0);
    expect(own.data!.users.nodes.every((user) => user.email.endsWith('@acme.local'))).toBe(true);
    expect(codeOf(await tool.request(USERS, { organizationId: globexId }))).toBe('FORBIDDEN');
    expect(codeOf(await tool.request(ORGANIZATIONS))).toBe('FORBIDDEN');
    const elsewhere = await tool.request<{ createGroup: { group: unknown; errors: { code: string }[] } }>(CREATE_GROUP, {
      input: { organizationId: globexId, name: `Not ours ${kind}` },
    });
    expect(codeOf(elsewhere) ?? elsewhere.data!.createGroup.errors[0]?.code).toBe('FORBIDDEN');

    const made = await tool.request<{ createGroup: { group: { name: string } | null } }>(CREATE_GROUP, {
      input: { name: `Synced by a tool ${kind}` },
    });
    expect(made.data!.createGroup.group).toMatchObject({ name: `Synced by a tool ${kind}` });
    const log = await provider.request<{ auditLog: { nodes: { action: string; actor: { email: string }; apiKeyName: string | null }[] } }>(
      AUDIT,
      { organizationId: acmeId },
    );
    expect(log.data!.auditLog.nodes[0]).toEqual({
      action: 'group.create',
      actor: { email: 'admin@yozy.local' },
      apiKeyName: `Acme HR feed ${kind}`,
    });
  });

  it('a revoked key is refused at its very next call', async () => {
    const { id, tool } = await newKey({ name: `Short-lived ${kind}`, access: 'READ' });
    expect((await tool.request(ORGANIZATIONS)).errors).toBeUndefined();
    const revoked = await provider.request<{ revokeApiKey: { apiKey: { revokedAt: string | null } } }>(REVOKE, { id });
    expect(revoked.data!.revokeApiKey.apiKey.revokedAt).not.toBeNull();
    const refused = await tool.request(ORGANIZATIONS);
    expect(codeOf(refused)).toBe('UNAUTHENTICATED');
    // Refused before anything runs, as a tool expects of a wrong credential: 401 and no data.
    expect(refused.status).toBe(401);
    expect(refused.data).toBeUndefined();
  });

  it('the secret is shown once and stored only as a digest', async () => {
    const { id, secret } = await newKey({ name: `Digest only ${kind}`, access: 'READ_WRITE' });
    for (const table of ['api_keys', 'audit_log']) {
      const rows = await stack.db.query<{ row: string }>(`SELECT t::text AS row FROM ${table} t`);
      expect(
        rows.some((row) => row.row.includes(secret)),
        table,
      ).toBe(false);
    }
    const listed = await provider.request<{ apiKeys: { nodes: { id: string; prefix: string }[] } }>(
      '{ apiKeys(page: { limit: 100 }) { nodes { id prefix } } }',
    );
    const key = listed.data!.apiKeys.nodes.find((node) => node.id === id)!;
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it('a key never makes, lists or revokes keys, and an organisation admin cannot either', async () => {
    const { tool, id } = await newKey({ name: `No keys from keys ${kind}`, access: 'READ_WRITE' });
    expect(codeOf(await tool.request(CREATE, { input: { name: 'Second', access: 'READ_WRITE' } }))).toBe('FORBIDDEN');
    expect(codeOf(await tool.request('{ apiKeys { totalCount } }'))).toBe('FORBIDDEN');
    expect(codeOf(await tool.request(REVOKE, { id }))).toBe('FORBIDDEN');
    const acmeAdmin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    expect(codeOf(await acmeAdmin.request(CREATE, { input: { name: 'Mine', access: 'READ_WRITE' } }))).toBe('FORBIDDEN');
  });

  it('refuses a nameless key with the field named, and makes nothing', async () => {
    const before = await stack.db.query('SELECT key_id FROM api_keys');
    const answer = await provider.request<Created>(CREATE, { input: { name: '   ', access: 'READ' } });
    expect(answer.data!.createApiKey).toMatchObject({ apiKey: null, secret: null, errors: [{ field: 'name' }] });
    expect(await stack.db.query('SELECT key_id FROM api_keys')).toHaveLength(before.length);
  });

  it('an unknown key is refused, whatever cookie comes with it', async () => {
    const stranger = new GraphQLSession(stack.gatewayUrl, { authorization: 'Bearer yozy_key_made-up' });
    expect(codeOf(await stranger.request(ORGANIZATIONS))).toBe('UNAUTHENTICATED');
  });
});

describe('the example tool (examples/listOrganizations.ts)', () => {
  const stack = useStack('pglite');

  it('lists every organisation with a read-only key, and says why when the key is refused', async () => {
    const provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const created = await provider.request<{ createApiKey: { secret: string } }>(
      'mutation { createApiKey(input: { name: "Example tool", access: READ }) { secret } }',
    );
    const run = (key: string) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', EXAMPLE, stack.gatewayUrl],
          { env: { ...process.env, YOZY_API_KEY: key }, cwd: ROOT },
          (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
        );
      });

    const listed = await run(created.data!.createApiKey.secret);
    expect(listed.code, listed.stderr).toBe(0);
    const [{ count }] = (await stack.db.query<{ count: number }>('SELECT count(*)::int AS count FROM clients')) as [{ count: number }];
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(count);
    expect(lines.some((line) => /^\d+\tAcme Corporation\tactive\t\d+\/\d+ seats$/.test(line))).toBe(true);

    const refused = await run('yozy_key_made-up');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('UNAUTHENTICATED');
  });
});
