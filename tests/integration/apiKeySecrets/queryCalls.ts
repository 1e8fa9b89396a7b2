/*
 * How the walk calls every Query field of the schema with an API key: the ids of the planted
 * secrets' records it names, and which fields refuse which keys.
 */

/**
 * The Query fields that refuse a key reaching every organisation: what only a person signed in as
 * themselves may read. Any other refusal would mean the walk read nothing there.
 */
export const IN_PERSON_ONLY_QUERIES = ['apiKeys', 'organizationChoices', 'outboxMailContent', 'productRedirectUrl', 'twoFactor'];
/** Queries the REST service answers through a POST (previews, a discovery), which it refuses a read-only key as it refuses changes. */
export const POSTED_QUERIES = ['emailPreview', 'ssoDiscovery', 'userImportPreview'];

export type Ids = {
  acme: string;
  provider: string;
  acmeGroup: string;
  acmeProject: string;
  /** People whose accounts hold the planted secrets, with their organisation. */
  people: { id: string; organizationId: string }[];
  invitedEmail: string;
  invitedId: string;
  /** The newest invitation of the invited person, whose link was sent again. */
  invitationId: string;
  /** Every enquiry, whose fields a key of the provider reads one at a time. */
  enquiryIds: string[];
  twoFactorEmail: string;
  mailsWithLinks: string[];
  /** Acme's webhook endpoint, whose signing secret was shown once to the provider in person, and a delivery of it. */
  acmeEndpoint: string;
  acmeDelivery: string;
};

/** How each Query field is called in the walk: one set of arguments per call. */
type QueryCalls = (ids: Ids) => Record<string, unknown>[];

const page = { page: { limit: 100 } };

/** Every Query field of the schema; a new one fails the walk until it has a row. */
export const QUERY_CALLS: Record<string, QueryCalls> = {
  captchaChallenge: () => [{}],
  verifyPasswordResetLink: () => [{ email: 'admin@yozy.local', token: 'guessed-token' }],
  accountLinkStatus: () => [{ purpose: 'INVITE', email: 'admin@yozy.local', token: 'guessed-token' }],
  productRedirectUrl: (ids) => [{ email: ids.twoFactorEmail }],
  administrators: () => [page],
  apiKeys: () => [page],
  auditLog: (ids) => [page, { ...page, organizationId: ids.acme }, { ...page, organizationId: ids.provider }],
  auditActions: (ids) => [{}, { organizationId: ids.acme }],
  products: () => [{}],
  emailSettings: (ids) => [{}, { organizationId: ids.acme }],
  emailPreview: (ids) => [{ organizationId: ids.acme, input: { template: 'RESET', subject: 'Reset', body: 'Hello {{email}}' } }],
  outbox: () => [page],
  outboxMailContent: (ids) => ids.mailsWithLinks.map((id) => ({ id })),
  enquiries: () => [page],
  groups: (ids) => [{ ...page, organizationId: ids.acme }],
  groupMembers: (ids) => [{ ...page, groupId: ids.acmeGroup }],
  groupMemberCandidates: (ids) => [{ ...page, groupId: ids.acmeGroup }],
  dashboard: (ids) => [{ organizationId: ids.acme }],
  statistics: (ids) => [{ organizationId: ids.acme }],
  licences: (ids) => [{ ...page, organizationId: ids.acme }],
  organization: (ids) => [{ id: ids.acme }, { id: ids.provider }],
  organizations: () => [page],
  organizationSettings: (ids) => [{ organizationId: ids.acme }],
  planMaster: () => [page],
  productMaster: () => [page],
  regions: () => [page],
  roles: () => [page],
  viewer: () => [{}],
  sessions: (ids) => [page, { ...page, organizationId: ids.acme }, { ...page, organizationId: ids.provider }],
  singleSignOn: (ids) => [{ email: ids.twoFactorEmail }],
  ssoSettings: (ids) => [{}, { organizationId: ids.acme }],
  provisioning: (ids) => [{}, { organizationId: ids.acme }],
  organizationDomains: (ids) => [{}, { organizationId: ids.acme }],
  ssoDiscovery: (ids) => [{ organizationId: ids.acme, issuer: 'http://127.0.0.1:9' }],
  twoFactor: () => [{}],
  userImportPreview: (ids) => [
    { organizationId: ids.acme, rows: [{ firstName: 'Walk', lastName: 'Preview', email: ids.invitedEmail, roles: '' }] },
  ],
  users: (ids) => [
    { ...page, organizationId: ids.acme },
    { ...page, organizationId: ids.provider },
  ],
  user: (ids) => ids.people.map(({ id, organizationId }) => ({ id, organizationId })),
  userSeats: (ids) => [{ organizationId: ids.acme }],
  invitations: (ids) => [{ ...page, organizationId: ids.acme }],
  invitation: (ids) => [{ id: ids.invitationId, organizationId: ids.acme }],
  enquiry: (ids) => ids.enquiryIds.map((id) => ({ id })),
  organizationChoices: () => [
    { ...page, list: 'BUSINESS_VERTICAL' },
    { ...page, list: 'CLIENT_TYPE' },
  ],
  offeredOrganizationChoices: () => [{}],
  organizationValuesInUse: () => [{}],
  projects: (ids) => [{ ...page, organizationId: ids.acme }],
  project: (ids) => [{ id: ids.acmeProject, organizationId: ids.acme }],
  allocations: (ids) => [{ ...page, organizationId: ids.acme }],
  allocationCandidates: (ids) => [{ ...page, projectId: ids.acmeProject }],
  webhookEndpoints: (ids) => [{}, { organizationId: ids.acme }],
  webhookDeliveries: (ids) => [{ ...page, endpointId: ids.acmeEndpoint }],
  webhookDeliveryBody: (ids) => [{ id: ids.acmeDelivery }],
};
