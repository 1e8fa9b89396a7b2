import { format } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { TEST_SERVICE_TOKEN } from '../support/stack';
import { useStack } from '../support/useStack';

/**
 * Failures are logged by naming what failed, never with the data of the request: a failed
 * query's parameters, the row the database quotes in its detail, and request bodies hold
 * personal data. Both servers run in this process, so their console output is captured here,
 * beside the request log lines they write.
 */

/** Values no log line may contain: the personal data sent in these tests. */
const PERSON = {
  firstName: 'Zebedee',
  lastName: 'Quillfeather',
  email: 'zebedee.quillfeather@example.org',
  phone: '+44 20 7946 0958',
  contactName: 'Ottoline Varga-Pemberton',
  contactEmail: 'ottoline.vp@example.net',
  company: 'Quillfeather Lantern Works',
};
const SECRETS = [...Object.values(PERSON), 'Zebedee', 'Quillfeather', 'Ottoline', '7946 0958'];

/** The request log lines of the stack, kept for the whole file; each test looks at its own. */
const requestLog: string[] = [];

function captureLog() {
  requestLog.length = 0;
  const lines: string[] = requestLog;
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    // What the console would print: util.format is how console turns its arguments into text.
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(format(...args));
    });
  }
  return {
    text: () => lines.join('\n'),
    expectNoPersonalData() {
      const text = lines.join('\n');
      for (const secret of SECRETS) expect(text.toLowerCase(), `the log holds "${secret}":\n${text}`).not.toContain(secret.toLowerCase());
    },
  };
}

describe('logs of failures', () => {
  const stack = useStack('pglite', { logs: { write: (line: string) => void requestLog.push(line) } });
  let log: ReturnType<typeof captureLog>;
  beforeEach(() => {
    log = captureLog();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('name the failed insert of an enquiry sent through the gateway, not the enquiry', async () => {
    // The database refuses this enquiry; its refusal quotes the whole row in its detail.
    await stack.db.exec(`ALTER TABLE enquiries ADD CONSTRAINT refuses_one_contact CHECK (contact_name <> '${PERSON.contactName}')`);
    try {
      const session = new GraphQLSession(stack.gatewayUrl);
      const products = (await session.request<{ products: { id: string; plans: { id: string }[] }[] }>('{ products { id plans { id } } }'))
        .data!.products;
      const answer = await session.request(
        'mutation($input: SubmitEnquiryInput!) { submitEnquiry(input: $input) { enquiryId errors { code message } } }',
        {
          input: {
            companyName: PERSON.company,
            adminFirstName: PERSON.firstName,
            adminLastName: PERSON.lastName,
            adminEmail: PERSON.email,
            adminPhone: PERSON.phone,
            contactName: PERSON.contactName,
            contactEmail: PERSON.contactEmail,
            productId: products[0]!.id,
            planId: products[0]!.plans[0]!.id,
            captcha: await session.captcha(),
          },
        },
      );
      expect(answer.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    } finally {
      await stack.db.exec('ALTER TABLE enquiries DROP CONSTRAINT refuses_one_contact');
    }
    expect(log.text()).toMatch(/INSERT INTO enquiries/);
    expect(log.text()).toMatch(/23514/);
    log.expectNoPersonalData();
  });

  it('name the failed product address lookup, not the email it was for', async () => {
    const admin = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const token = admin.cookies.get('token_org')!;
    await stack.db.exec('ALTER TABLE user_roles RENAME COLUMN assigned_at TO assigned_on');
    try {
      const response = await fetch(`${stack.apiUrl}users/product-address?email=${encodeURIComponent(PERSON.email)}`, {
        headers: { authorization: `Bearer ${token}`, [SERVICE_TOKEN_HEADER]: TEST_SERVICE_TOKEN },
      });
      // The lookup is a convenience: its failure is logged and the standard address answered.
      expect(response.status).toBe(200);
    } finally {
      await stack.db.exec('ALTER TABLE user_roles RENAME COLUMN assigned_on TO assigned_at');
    }
    expect(log.text()).toMatch(/product address lookup failed/);
    expect(log.text()).toMatch(/WITH mine AS/);
    log.expectNoPersonalData();
  });

  it('leave out the value a database error quotes in its message', async () => {
    const signature = `signature-of-${PERSON.email}`;
    const response = await fetch(`${stack.apiUrl}captcha/consume`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: TEST_SERVICE_TOKEN },
      body: JSON.stringify({ signature, expiresAt: '0000-01-01T00:00:00Z' }),
    });
    expect(response.status).not.toBe(200);
    expect(log.text()).toMatch(/INSERT INTO used_captchas/);
    expect(log.text()).not.toContain('0000-01-01');
    log.expectNoPersonalData();
  });

  it('keep request bodies out when a request is refused', async () => {
    for (const [url, body] of [
      [`${stack.gatewayUrl}/graphql`, `{"query": "mutation { signIn }", "variables": {"email": "${PERSON.email}"`],
      [`${stack.apiUrl}users/signIn`, `{"email": "${PERSON.email}", "password": `],
      [`${stack.apiUrl}users/signIn`, JSON.stringify({ email: `${PERSON.email}\u0000`, password: PERSON.lastName })],
    ] as const) {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status).toBe(400);
    }
    log.expectNoPersonalData();
  });
});
