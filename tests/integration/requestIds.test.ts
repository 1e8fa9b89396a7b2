import { describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { factories } from '../support/factories';
import { DEMO_PASSWORD, GraphQLSession, signedIn } from '../support/graphql';
import { TEST_SERVICE_TOKEN } from '../support/stack';
import { useStack } from '../support/useStack';

/**
 * One failed click can be followed through both services: every answer names its request id,
 * every GraphQL error carries it, and both services' log lines are written under it.
 */

type LogLine = {
  service: string;
  requestId: string;
  operation: string | null;
  caller: string;
  organizationId: number | string | null;
  durationMs: number;
  status: number | string;
  errors?: string[];
};

/** The lines both services of a stack write, as a log collector would read them. */
function collectLogs() {
  const text: string[] = [];
  return {
    destination: { write: (line: string) => void text.push(line) },
    text: () => text.join(''),
    lines: () => text.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as LogLine),
  };
}

const ORGANIZATIONS = /* GraphQL */ `
  query OrganizationProbe {
    organizations {
      totalCount
    }
  }
`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids from clients the gateway does not trust', () => {
  const logs = collectLogs();
  // The tests call from loopback; trusting another address makes them untrusted clients.
  const stack = useStack('pglite', { trustProxy: '10.0.0.1', logs: logs.destination });

  it('answer an id of their own, carried by the error and by both log lines', async () => {
    const session = new GraphQLSession(stack.gatewayUrl, { 'x-request-id': 'forged-by-the-client' });
    const answer = await session.request(ORGANIZATIONS);

    const requestId = answer.headers.get('x-request-id');
    expect(requestId).toMatch(UUID);
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', requestId });
    const gateway = logs.lines().find((line) => line.service === 'gateway' && line.requestId === requestId);
    expect(gateway).toMatchObject({ operation: 'OrganizationProbe', caller: 'anonymous', status: 200, errors: ['UNAUTHENTICATED'] });
    expect(logs.text()).not.toContain('forged-by-the-client');
  });

  it('pass the id on to the REST service, which logs its call under it', async () => {
    const admin = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const answer = await admin.request(ORGANIZATIONS);
    expect(answer.errors).toBeUndefined();

    const requestId = answer.headers.get('x-request-id')!;
    const lines = logs.lines().filter((line) => line.requestId === requestId);
    expect(lines.find((line) => line.service === 'gateway')).toMatchObject({ operation: 'OrganizationProbe', caller: 'person' });
    const rest = lines.filter((line) => line.service === 'subscription-api');
    expect(rest.length).toBeGreaterThan(0);
    expect(rest[0]).toMatchObject({ caller: 'person', status: 200 });
    expect(rest[0]!.operation).toMatch(/^GET \//);
    expect(typeof rest[0]!.organizationId).toBe('number');
  });

  it('are refused by the REST service without the gateway credential, and believed with it', async () => {
    const direct = await fetch(`${stack.apiUrl}health`, { headers: { 'x-request-id': 'sent-straight-to-the-service' } });
    expect(direct.headers.get('x-request-id')).toMatch(UUID);
    const fromGateway = await fetch(`${stack.apiUrl}health`, {
      headers: { 'x-request-id': 'sent-by-the-gateway', [SERVICE_TOKEN_HEADER]: TEST_SERVICE_TOKEN },
    });
    expect(fromGateway.headers.get('x-request-id')).toBe('sent-by-the-gateway');
  });
});

describe('request ids from a trusted proxy', () => {
  const logs = collectLogs();
  const stack = useStack('pglite', { logs: logs.destination });

  it('are kept through the gateway and the REST service', async () => {
    const admin = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const proxied = new GraphQLSession(stack.gatewayUrl, { 'x-request-id': 'proxy-request-42' });
    for (const [name, value] of admin.cookies) proxied.cookies.set(name, value);

    const answer = await proxied.request(ORGANIZATIONS);
    expect(answer.headers.get('x-request-id')).toBe('proxy-request-42');
    const services = logs
      .lines()
      .filter((line) => line.requestId === 'proxy-request-42')
      .map((line) => line.service);
    expect(new Set(services)).toEqual(new Set(['gateway', 'subscription-api']));
  });
});

describe('request logs of the account flows', () => {
  const logs = collectLogs();
  const stack = useStack('pglite', { logs: logs.destination });

  it('hold no password and no token', async () => {
    const make = factories(stack.db);
    const admin = await signedIn(stack.gatewayUrl, 'admin@yozy.local', DEMO_PASSWORD);

    const person = await make.user((await make.organisationWithAdmin()).organisation);
    const visitor = new GraphQLSession(stack.gatewayUrl);
    const requested = await visitor.request<{ requestPasswordReset: { accepted: boolean } }>(
      'mutation ResetRequest($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { accepted } }',
      { input: { email: person.email, captcha: await visitor.captcha() } },
    );
    expect(requested.data?.requestPasswordReset.accepted).toBe(true);
    const [mail] = await stack.db.query<{ text_body: string }>(
      "SELECT text_body FROM mail_outbox WHERE template = 'reset' AND to_address = $1",
      [person.email],
    );
    const resetToken = /\/forgotpassword\/([A-Za-z0-9_-]{43})\//.exec(mail!.text_body)![1]!;
    const newPassword = 'Renewed@456';
    const reset = await visitor.request<{ resetPassword: { ok: boolean } }>(
      'mutation Reset($input: ResetPasswordInput!) { resetPassword(input: $input) { ok } }',
      {
        input: {
          email: person.email,
          token: resetToken,
          password: newPassword,
          confirmPassword: newPassword,
          captcha: await visitor.captcha(),
        },
      },
    );
    expect(reset.data?.resetPassword.ok).toBe(true);

    const invited = await make.user((await make.organisationWithAdmin()).organisation, { invited: true });
    const inviteToken = await make.linkToken(invited, 'invite');
    const invitedPassword = 'Invited@789';
    const accepted = await visitor.request<{ setPassword: { ok: boolean } }>(
      'mutation Set($input: SetPasswordInput!) { setPassword(input: $input) { ok } }',
      {
        input: {
          email: invited.email,
          token: inviteToken,
          firstName: 'Ada',
          lastName: 'Byron',
          password: invitedPassword,
          confirmPassword: invitedPassword,
          captcha: await visitor.captcha(),
        },
      },
    );
    expect(accepted.data?.setPassword.ok).toBe(true);
    await signedIn(stack.gatewayUrl, invited.email, invitedPassword);

    const text = logs.text();
    expect(logs.lines().length).toBeGreaterThan(5);
    const secrets = [DEMO_PASSWORD, newPassword, invitedPassword, resetToken, inviteToken, ...admin.cookies.values()];
    for (const secret of secrets) expect(text, `the log holds ${secret}`).not.toContain(secret);
  });
});
