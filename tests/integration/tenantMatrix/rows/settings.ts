import { ONLY_SUPER_ADMIN_MAY, type CellContext, type Operation } from '../../../support/tenantMatrix';

/** A single sign-on domain the other organisation claims, unverified, for one cell. */
async function ssoClaimOf(db: CellContext['db'], organizationId: string, unique: string): Promise<string> {
  const domain = `matrix-${unique}.example`.toLowerCase().replace(/[^a-z0-9.-]/g, '-');
  await db.query("INSERT INTO organization_domains (domain, client_id, verification_token) VALUES ($1, $2, 'matrix-token')", [
    domain,
    Number(organizationId),
  ]);
  return domain;
}

/** Whether the other organisation's single sign-on domains are verified. */
const ssoDomainsOf = ({ db, other }: CellContext) =>
  db.query('SELECT domain, verified_at, verified_by FROM organization_domains WHERE client_id = $1 ORDER BY domain', [Number(other.id)]);

/** The other organisation's email settings and wording, as a refused change must leave them. */
const emailSettingsOf = async ({ db, other }: CellContext) => ({
  settings: await db.query('SELECT * FROM email_settings WHERE client_id = $1', [Number(other.id)]),
  templates: await db.query('SELECT * FROM mail_templates WHERE client_id = $1 ORDER BY template', [Number(other.id)]),
});

/** An organisation's settings: approval and two-factor, email, single sign-on and domains. */
export const SETTINGS: Record<string, Operation> = {
  'Query.organizationSettings': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID) { organizationSettings(organizationId: $organizationId) { organizationId twoFactorRequired sessionIdleMinutes allowedEmailDomains } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.updateOrganizationSettings': {
    call: ({ other }) => ({
      document:
        'mutation ($organizationId: ID, $input: OrganizationSettingsInput!) { updateOrganizationSettings(organizationId: $organizationId, input: $input) { settings { organizationId } errors { code } } }',
      variables: { organizationId: other.id, input: { twoFactorRequired: false, sessionIdleMinutes: null, allowedEmailDomains: [] } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: {
      rows: ({ db, other }) =>
        db.query(
          'SELECT two_factor_required, session_idle_minutes, allowed_email_domains, updated_at FROM org_settings WHERE client_id = $1',
          [Number(other.id)],
        ),
    },
  },
  'Query.emailSettings': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID) { emailSettings(organizationId: $organizationId) { organizationId senderName smtpHost smtpPasswordSet templates { template subject } } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.emailPreview': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID, $input: EmailTemplateInput!) { emailPreview(organizationId: $organizationId, input: $input) { subject } }',
      variables: { organizationId: other.id, input: { template: 'RESET', subject: 'Reset', body: 'Hello' } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.updateEmailSettings': {
    call: ({ other }) => ({
      document:
        'mutation ($organizationId: ID, $input: EmailSettingsInput!) { updateEmailSettings(organizationId: $organizationId, input: $input) { settings { organizationId } errors { code } } }',
      variables: { organizationId: other.id, input: { senderName: 'Matrix sender', smtpSecurity: 'STARTTLS' } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: emailSettingsOf },
  },
  'Mutation.sendTestMail': {
    call: ({ other }) => ({
      document: 'mutation ($organizationId: ID) { sendTestMail(organizationId: $organizationId) { sentTo errors { code } } }',
      variables: { organizationId: other.id },
    }),
    // The SuperAdmin gets through: without a mail server of its own, the test mail is kept in the outbox.
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.updateEmailTemplate': {
    call: ({ other, unique }) => ({
      document:
        'mutation ($organizationId: ID, $input: EmailTemplateInput!) { updateEmailTemplate(organizationId: $organizationId, input: $input) { settings { organizationId } errors { code } } }',
      variables: { organizationId: other.id, input: { template: 'INVITATION', subject: `Matrix ${unique}`, body: 'Hello {{firstName}}' } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: emailSettingsOf },
  },
  'Mutation.resetEmailTemplate': {
    call: ({ other }) => ({
      document:
        'mutation ($organizationId: ID) { resetEmailTemplate(organizationId: $organizationId, template: INVITATION) { settings { organizationId } errors { code } } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: emailSettingsOf },
  },
  'Query.ssoSettings': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID) { ssoSettings(organizationId: $organizationId) { organizationId enabled issuer clientSecretSet domains } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.ssoDiscovery': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID) { ssoDiscovery(organizationId: $organizationId, issuer: "http://127.0.0.1:9") { discovery { issuer } errors { code } } }',
      variables: { organizationId: other.id },
    }),
    // The SuperAdmin gets through, and is told nothing answers at that address.
    may: { ...ONLY_SUPER_ADMIN_MAY, superAdmin: { payloadError: 'BAD_USER_INPUT' } },
  },
  'Mutation.updateSsoSettings': {
    call: ({ other }) => ({
      document:
        'mutation ($organizationId: ID, $input: SsoSettingsInput!) { updateSsoSettings(organizationId: $organizationId, input: $input) { settings { organizationId } errors { code } } }',
      variables: { organizationId: other.id, input: { enabled: false, domains: [], requireSso: false, allowJit: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: {
      rows: async ({ db, other }) => ({
        settings: await db.query(
          'SELECT enabled, issuer, oidc_client_id, require_sso, allow_jit, updated_at FROM sso_settings WHERE client_id = $1',
          [Number(other.id)],
        ),
        domains: await db.query('SELECT domain FROM organization_domains WHERE client_id = $1 ORDER BY domain', [Number(other.id)]),
      }),
    },
  },
  'Mutation.verifySsoDomain': {
    call: async ({ db, other, unique }) => ({
      document:
        'mutation ($organizationId: ID, $domain: String!) { verifySsoDomain(organizationId: $organizationId, domain: $domain) { settings { organizationId } errors { code } } }',
      variables: { organizationId: other.id, domain: await ssoClaimOf(db, other.id, `verify-${unique}`) },
    }),
    // The SuperAdmin gets through, and is told the domain's record cannot be read here.
    may: { ...ONLY_SUPER_ADMIN_MAY, superAdmin: { payloadError: 'BAD_USER_INPUT' } },
    touches: { rows: ssoDomainsOf, unchanged: 'always' },
  },
  'Mutation.confirmSsoDomain': {
    call: async ({ db, other, unique }) => ({
      document:
        'mutation ($organizationId: ID!, $domain: String!) { confirmSsoDomain(organizationId: $organizationId, domain: $domain) { settings { organizationId domainVerifications { verified } } errors { code } } }',
      variables: { organizationId: other.id, domain: await ssoClaimOf(db, other.id, `confirm-${unique}`) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ssoDomainsOf, unchanged: 'refused' },
  },
  'Query.organizationDomains': {
    call: ({ other }) => ({
      document: 'query ($organizationId: ID) { organizationDomains(organizationId: $organizationId) { domain verified recordValue } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.addOrganizationDomain': {
    call: ({ other, unique }) => ({
      document:
        'mutation ($organizationId: ID, $domain: String!) { addOrganizationDomain(organizationId: $organizationId, domain: $domain) { domains { domain } errors { code } } }',
      variables: { organizationId: other.id, domain: `matrix-add-${unique}.example`.toLowerCase().replace(/[^a-z0-9.-]/g, '-') },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ssoDomainsOf, unchanged: 'refused' },
  },
  'Mutation.removeOrganizationDomain': {
    call: async ({ db, other, unique }) => ({
      document:
        'mutation ($organizationId: ID, $domain: String!) { removeOrganizationDomain(organizationId: $organizationId, domain: $domain) { domains { domain } errors { code } } }',
      variables: { organizationId: other.id, domain: await ssoClaimOf(db, other.id, `remove-${unique}`) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ssoDomainsOf, unchanged: 'refused' },
  },
  'Mutation.verifyOrganizationDomain': {
    call: async ({ db, other, unique }) => ({
      document:
        'mutation ($organizationId: ID, $domain: String!) { verifyOrganizationDomain(organizationId: $organizationId, domain: $domain) { domains { domain verified } errors { code } } }',
      variables: { organizationId: other.id, domain: await ssoClaimOf(db, other.id, `domain-verify-${unique}`) },
    }),
    // The SuperAdmin gets through, and is told the domain's record cannot be read here.
    may: { ...ONLY_SUPER_ADMIN_MAY, superAdmin: { payloadError: 'BAD_USER_INPUT' } },
    touches: { rows: ssoDomainsOf, unchanged: 'always' },
  },
  'Mutation.confirmOrganizationDomain': {
    call: async ({ db, other, unique }) => ({
      document:
        'mutation ($organizationId: ID!, $domain: String!) { confirmOrganizationDomain(organizationId: $organizationId, domain: $domain) { domains { domain verified } errors { code } } }',
      variables: { organizationId: other.id, domain: await ssoClaimOf(db, other.id, `domain-confirm-${unique}`) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ssoDomainsOf, unchanged: 'refused' },
  },
};
