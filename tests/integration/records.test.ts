import { authenticatorCode } from '@yozy/subscription-api/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { factories, type User } from '../support/factories';
import { GraphQLSession, signedIn } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const RESET = `mutation ($organizationId: ID, $userId: ID!) {
  resetUserTwoFactor(organizationId: $organizationId, input: { userId: $userId }) { twoFactor { enabled enabledAt } errors { code field message } }
}`;
const PERSON = `query ($id: ID!, $organizationId: ID) { user(id: $id, organizationId: $organizationId) { id twoFactor { enabled enabledAt recoveryCodesLeft } } }`;
const INVITATION = `query ($id: ID!, $organizationId: ID) {
  invitation(id: $id, organizationId: $organizationId) { id userId email status sentAt expiresAt roles { roleName productName } }
}`;
const RENEW = `mutation ($licenceId: ID!) {
  requestLicenceRenewal(input: { licenceId: $licenceId }) { licence { id renewalRequestedAt } errors { code field message } }
}`;
const ENQUIRIES = `query { enquiries(page: { limit: 100 }) { nodes { id kind companyName renewalLicenceId renewalLicenceValidTill licence { productName } } } }`;

type Payload<T> = T & { errors: { code: string; field: string | null; message: string }[] };

describe.each(DATABASES)('records at their own addresses on %s', (kind) => {
  const stack = useStack(kind);
  let make: ReturnType<typeof factories>;
  beforeAll(() => {
    make = factories(stack.db);
  });

  /** A person of a new organisation with two-factor on, signed in as themselves. */
  async function personWithTwoFactor() {
    const { organisation, admin } = await make.organisationWithAdmin();
    const person = await make.user(organisation);
    const client = await signedIn(stack.gatewayUrl, person.email, person.password!);
    const started = await client.request<{ startTwoFactorEnrolment: { enrolment: { secret: string } } }>(
      'mutation { startTwoFactorEnrolment { enrolment { secret } } }',
    );
    const code = authenticatorCode(started.data!.startTwoFactorEnrolment.enrolment.secret);
    await client.request('mutation ($code: String!) { confirmTwoFactor(input: { code: $code }) { errors { code } } }', { code });
    return { organisation, admin, person, client };
  }

  const signIn = (user: User) => signedIn(stack.gatewayUrl, user.email, user.password!);

  it("resets a person's two-factor through the gateway: their session goes on, and their next sign-in asks them to set it up", async () => {
    const { organisation, admin, person, client } = await personWithTwoFactor();
    const adminClient = await signIn(admin);
    const before = await adminClient.request<{ user: { twoFactor: { enabled: boolean } } }>(PERSON, { id: String(person.userId) });
    expect(before.data!.user.twoFactor.enabled).toBe(true);

    const reset = await adminClient.request<{ resetUserTwoFactor: Payload<{ twoFactor: { enabled: boolean } | null }> }>(RESET, {
      userId: String(person.userId),
    });
    expect(reset.data!.resetUserTwoFactor).toEqual({ twoFactor: { enabled: false, enabledAt: null }, errors: [] });
    expect((await client.request<{ viewer: { email: string } }>('{ viewer { email } }')).data!.viewer.email).toBe(person.email);

    await stack.db.query(
      'INSERT INTO org_settings (client_id, two_factor_required) VALUES ($1, true) ON CONFLICT (client_id) DO UPDATE SET two_factor_required = true',
      [organisation.clientId],
    );
    const fresh = new GraphQLSession(stack.gatewayUrl);
    const step = await fresh.request<{ signIn: { nextStep: string | null } }>(
      'mutation ($input: SignInInput!) { signIn(input: $input) { nextStep } }',
      { input: { email: person.email, password: person.password, captcha: await fresh.captcha() } },
    );
    expect(step.data!.signIn.nextStep).toBe('ENROL');

    const again = await adminClient.request<{ resetUserTwoFactor: Payload<object> }>(RESET, { userId: String(person.userId) });
    expect(again.data!.resetUserTwoFactor.errors).toEqual([expect.objectContaining({ code: 'CONFLICT', field: 'userId' })]);
  });

  it("keeps another organisation's people, invitations and licences out of an organisation admin's reach", async () => {
    const { organisation: theirs, person } = await personWithTwoFactor();
    const invited = await make.user(theirs, { invited: true });
    await make.linkToken(invited, 'invite');
    const [invitation] = await stack.db.query<{ token_id: number }>(
      "SELECT max(token_id) AS token_id FROM user_tokens WHERE user_id = $1 AND purpose = 'invite'",
      [invited.userId],
    );
    const licence = await make.licence(theirs, { validDays: 5 });
    const { admin: otherAdmin } = await make.organisationWithAdmin();
    const intruder = await signIn(otherAdmin);

    const reset = await intruder.request(RESET, { userId: String(person.userId) });
    expect(reset.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const named = await intruder.request(RESET, { userId: String(person.userId), organizationId: String(theirs.clientId) });
    expect(named.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const [still] = await stack.db.query<{ enabled: boolean }>('SELECT enabled FROM two_factor WHERE user_id = $1', [person.userId]);
    expect(still!.enabled).toBe(true);

    const seen = await intruder.request<{ invitation: unknown }>(INVITATION, { id: String(invitation!.token_id) });
    expect(seen.data!.invitation).toBeNull();

    const renewal = await intruder.request(RENEW, { licenceId: String(licence.licenceId) });
    expect(renewal.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await stack.db.query('SELECT 1 FROM enquiries WHERE licence_id = $1', [licence.licenceId])).toEqual([]);
  });

  it('shows an invitation by its id with the roles the person will hold', async () => {
    const { organisation, admin } = await make.organisationWithAdmin();
    const invited = await make.user(organisation, { invited: true, firstName: 'Ines' });
    const plan = await make.plan();
    await make.role(invited, plan, 'Reviewer');
    await make.linkToken(invited, 'invite');
    const [invitation] = await stack.db.query<{ token_id: number }>(
      "SELECT max(token_id) AS token_id FROM user_tokens WHERE user_id = $1 AND purpose = 'invite'",
      [invited.userId],
    );
    const client = await signIn(admin);
    const answer = await client.request<{ invitation: { email: string; status: string; roles: { roleName: string }[] } | null }>(
      INVITATION,
      {
        id: String(invitation!.token_id),
      },
    );
    expect(answer.data!.invitation).toMatchObject({ email: invited.email, status: 'PENDING', roles: [{ roleName: 'Reviewer' }] });
    const unknown = await client.request<{ invitation: unknown }>(INVITATION, { id: '999999999' });
    expect(unknown.data!.invitation).toBeNull();
  });

  it('lets an organisation admin request renewal of a licence about to expire once, and the provider sees it among the enquiries', async () => {
    const { organisation, admin } = await make.organisationWithAdmin();
    const licence = await make.licence(organisation, { validDays: 7 });
    const client = await signIn(admin);
    const asked = await client.request<{ requestLicenceRenewal: Payload<{ licence: { renewalRequestedAt: string | null } | null }> }>(
      RENEW,
      {
        licenceId: String(licence.licenceId),
      },
    );
    expect(asked.data!.requestLicenceRenewal.errors).toEqual([]);
    expect(asked.data!.requestLicenceRenewal.licence!.renewalRequestedAt).toEqual(expect.any(String));

    const twice = await client.request<{ requestLicenceRenewal: Payload<object> }>(RENEW, { licenceId: String(licence.licenceId) });
    expect(twice.data!.requestLicenceRenewal.errors[0]).toMatchObject({ code: 'CONFLICT', field: 'licenceId' });

    const provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const enquiries = await provider.request<{
      enquiries: { nodes: { kind: string; companyName: string; renewalLicenceId: string | null }[] };
    }>(ENQUIRIES);
    const renewals = enquiries.data!.enquiries.nodes.filter((node) => node.renewalLicenceId === String(licence.licenceId));
    expect(renewals).toEqual([
      expect.objectContaining({ kind: 'RENEWAL', companyName: organisation.companyName, renewalLicenceValidTill: licence.validTill }),
    ]);
  });
});
