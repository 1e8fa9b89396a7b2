/**
 * Shapes the REST subscription service asks for and answers with, named for the gateway. They are
 * aliases of the types generated from the service's OpenAPI document (`npm run codegen`), so a
 * change to the REST contract shows up here as a type error rather than at run time.
 */
import type { components, operations, paths } from '#generated/rest';

type Schemas = components['schemas'];

export type Client = Schemas['Client'];
export type Profile = Schemas['Profile'];
export type SignInChallenge = Schemas['SignInChallenge'];
export type PlanRecord = Schemas['Plan'];
/** A plan as the provider manages it: retired ones too, with the licences holding it. */
export type ManagedPlanRecord = Schemas['ManagedPlan'];
/** A product as the provider manages it, with the number of its plans. */
export type ManagedProductRecord = Schemas['ManagedProduct'];
/** A region of the regions master as GET /platform/regions answers it. */
export type RegionRecord = Schemas['Region'];
export type OrganizationChoiceRecord = Schemas['OrganizationChoice'];
/** A role of the role master as GET /platform/roles answers it. */
export type RoleRecord = Schemas['Role'];
/** A provider administrator as GET /platform/administrators answers them. */
export type AdministratorRecord = Schemas['Administrator'];
/** An internal tool's API key as GET /platform/api-keys answers it: never the secret. */
export type ApiKeyRecord = Schemas['ApiKey'];
/** An organisation's settings as GET /subscription_org_settings answers them. */
export type OrganizationSettingsRecord = Schemas['OrganizationSettings'];
/** An organisation's email settings as GET /subscription_email_settings answers them: never the SMTP password. */
export type EmailSettingsRecord = Schemas['EmailSettings'];
export type EmailTemplateRecord = EmailSettingsRecord['Templates'][number];
/** A mail of the outbox as GET /platform/outbox answers it. */
export type OutboxMailRecord = Schemas['OutboxMail'];
/** What one mail says, as GET /platform/outbox_content answers it (audited). */
export type OutboxMailContentRecord = Schemas['OutboxMailContent'];
/** An organisation's single sign-on as GET /subscription_sso_settings answers it: never the client secret. */
export type SsoSettingsRecord = Schemas['SsoSettings'];
export type SsoDomainRecord = SsoSettingsRecord['DomainVerifications'][number];
/** An organisation's SCIM provisioning as GET /provisioning_settings answers it: never a token. */
export type ProvisioningSettingsRecord = Schemas['ProvisioningSettings'];
export type ProvisioningTokenRecord = ProvisioningSettingsRecord['Tokens'][number];
/** One of an organisation's email domains as GET /organization_domains answers it. */
export type OrganizationDomainRecord = Schemas['OrganizationDomains']['Domains'][number];
export type EnquiryRecord = Schemas['Enquiry'];
/** A webhook endpoint as GET /subscription_webhook_endpoints answers it: never its secret. */
export type WebhookEndpointRecord = Schemas['WebhookEndpoint'];
/** One delivery of an event to an endpoint, as GET /subscription_webhook_deliveries answers it. */
export type WebhookDeliveryRecord = Schemas['WebhookDelivery'];
export type DashboardRecord = Schemas['Dashboard'];
export type StatisticsRecord = Schemas['Statistics'];
export type GroupRecord = Schemas['Group'];
export type GroupMemberRecord = Schemas['GroupMember'];
export type GroupCandidateRecord = Schemas['GroupCandidate'];
export type ProjectRecord = Schemas['Project'];
export type AllocationRecord = Schemas['Allocation'];
export type AllocationCandidateRecord = Schemas['AllocationCandidate'];
export type LicenceRecord = Schemas['Licence'];
export type ClientUser = Schemas['ClientUser'];
export type UserRoleRecord = Schemas['UserRole'];
export type ProductSeatsRecord = Schemas['ProductSeats'];
export type InvitationRecord = Schemas['Invitation'];
export type SessionsEnded = Schemas['SessionsEnded'];

/** The documented refusal; a proxy between the two may still answer with something else. */
export type RestErrorBody = { error?: Partial<Schemas['Error']['error']> };

/** Every REST operation by its operationId, with its parameters, body and answers. */
type RestOperations = operations;
type RestOperationId = keyof RestOperations;

/** The JSON a request body or an answer carries; nothing when it carries none. */
type JsonOf<Part> = Part extends { content: { 'application/json': infer Json } } ? Json : undefined;

/** The query parameters an operation takes; none when it takes none. */
export type QueryOfOperation<Operation> = Operation extends { parameters: { query?: infer Query } } ? Exclude<Query, undefined> : never;
/** The body an operation takes, in the REST service's field names. */
export type BodyOfOperation<Operation> = Operation extends { requestBody?: infer Body } ? JsonOf<Exclude<Body, undefined>> : undefined;
/** What an operation answers when it succeeds (200, 201, or nothing with 204). */
export type AnswerOfOperation<Operation> = Operation extends { responses: infer Answers }
  ? JsonOf<Answers[Extract<keyof Answers, 200 | 201 | 204>]>
  : never;

/** The body of REST operation `Id` (`RestBodyOf<'createGroup'>`), so a renamed or new REST field fails the type-check. */
export type RestBodyOf<Id extends RestOperationId> = BodyOfOperation<RestOperations[Id]>;
/** What REST operation `Id` answers when it succeeds (`RestAnswerOf<'createGroup'>`). */
export type RestAnswerOf<Id extends RestOperationId> = AnswerOfOperation<RestOperations[Id]>;

/**
 * A REST body whose `Fields` go as the GraphQL input gave them, for the REST service to check and
 * refuse by name: the schema takes these more loosely than the REST contract (an enum or an id as
 * text, null, or left out), and the gateway does not check them a second time.
 */
export type AsGiven<Body, Fields extends keyof Body> = Omit<Body, Fields> & { [Name in Fields]?: Body[Name] | string | null };

/** Every REST path, and the operation each method of it is. */
export type RestPaths = paths;
export type RestMethod = 'get' | 'post' | 'patch' | 'delete';
/** The operation `method` is on `path`: never when the path does not answer that method. */
export type RestOperationAt<Path extends keyof RestPaths, Method extends RestMethod> = Exclude<RestPaths[Path][Method], undefined>;

/** A product with the plans on sale for it, as the catalogue resolvers hand it to `Product`. */
export type ProductWithPlans = Schemas['Product'] & { plans: PlanRecord[] };

/** A sign-in session as GET /subscription_user_sessions answers it. */
export type SessionRecord = Schemas['Session'];
/** One entry of the audit log as GET /subscription_audit_log answers it. */
export type AuditRecord = Schemas['AuditEntry'];
