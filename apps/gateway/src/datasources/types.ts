/**
 * Shapes the REST subscription service asks for and answers with, named for the gateway. They are
 * aliases of the types generated from the service's OpenAPI document (`npm run codegen`), so a
 * change to the REST contract shows up here as a type error rather than at run time.
 */
import type { components, operations } from '../generated/rest';

type Schemas = components['schemas'];

export type Client = Schemas['Client'];
export type Profile = Schemas['Profile'];
export type SignInAnswer = Schemas['SignInAnswer'];
/** What the password step answers: a session, or the step asking for a code or an enrolment. */
export type SignInStepAnswer = Schemas['SignInStep'];
export type SignInChallenge = Schemas['SignInChallenge'];
export type SignInEnrolled = Schemas['SignInEnrolled'];
export type TwoFactorStatusRecord = Schemas['TwoFactorStatus'];
export type TwoFactorEnrolmentRecord = Schemas['TwoFactorEnrolment'];
export type TwoFactorConfirmed = Schemas['TwoFactorConfirmed'];
export type ProductRecord = Schemas['Product'];
export type PlanRecord = Schemas['Plan'];
/** A plan as the provider manages it: retired ones too, with the licences holding it. */
export type ManagedPlanRecord = Schemas['ManagedPlan'];
/** A product as the provider manages it, with the number of its plans. */
export type ManagedProductRecord = Schemas['ManagedProduct'];
/** A region of the regions master as GET /platform/regions answers it. */
export type RegionRecord = Schemas['Region'];
/** A role of the role master as GET /platform/roles answers it. */
export type RoleRecord = Schemas['Role'];
/** A provider administrator as GET /platform/administrators answers them. */
export type AdministratorRecord = Schemas['Administrator'];
/** An internal tool's API key as GET /platform/api-keys answers it: never the secret. */
export type ApiKeyRecord = Schemas['ApiKey'];
/** A new key as POST /platform/api-keys answers it, with its secret this once. */
export type NewApiKeyRecord = Schemas['NewApiKey'];
/** An organisation's settings as GET /subscription_org_settings answers them. */
export type OrganizationSettingsRecord = Schemas['OrganizationSettings'];
/** An organisation's email settings as GET /subscription_email_settings answers them: never the SMTP password. */
export type EmailSettingsRecord = Schemas['EmailSettings'];
export type EmailTemplateRecord = EmailSettingsRecord['Templates'][number];
export type EmailTestRecord = Schemas['EmailTestSent'];
export type EmailPreviewRecord = Schemas['EmailPreview'];
/** A mail of the outbox as GET /platform/outbox answers it. */
export type OutboxMailRecord = Schemas['OutboxMail'];
/** What one mail says, as GET /platform/outbox_content answers it (audited). */
export type OutboxMailContentRecord = Schemas['OutboxMailContent'];
/** An organisation's single sign-on as GET /subscription_sso_settings answers it: never the client secret. */
export type SsoSettingsRecord = Schemas['SsoSettings'];
export type SsoDomainRecord = SsoSettingsRecord['DomainVerifications'][number];
export type SsoDiscoveryRecord = Schemas['SsoDiscovery'];
export type SsoLookupRecord = Schemas['SsoLookup'];
export type SsoStartRecord = Schemas['SsoStart'];
/** Body of POST /form/subscription_web_enquiry, in the provider's field names. */
export type EnquiryForm = Schemas['EnquiryForm'];
export type EnquiryCreated = Schemas['EnquiryCreated'];
export type EnquiryRecord = Schemas['Enquiry'];
export type EnquiryApproved = Schemas['EnquiryApproved'];
export type EnquiryRejected = Schemas['EnquiryRejected'];
export type ProductAddress = Schemas['ProductAddress'];
export type PasswordResetRequested = Schemas['PasswordResetRequested'];
export type ResetLinkVerdict = Schemas['ResetLinkVerdict'];
export type PasswordResetDone = Schemas['PasswordResetDone'];
export type InvitationAccepted = Schemas['InvitationAccepted'];
export type DashboardRecord = Schemas['Dashboard'];
export type StatisticsRecord = Schemas['Statistics'];
export type GroupRecord = Schemas['Group'];
export type GroupMemberRecord = Schemas['GroupMember'];
export type GroupCandidateRecord = Schemas['GroupCandidate'];
export type GroupDeleted = Schemas['GroupDeleted'];
export type LicenceRecord = Schemas['Licence'];
export type ClientUser = Schemas['ClientUser'];
export type UserRoleRecord = Schemas['UserRole'];
export type ProductSeatsRecord = Schemas['ProductSeats'];
export type InvitationRecord = Schemas['Invitation'];
export type InvitationResent = Schemas['InvitationResent'];
export type SessionsEnded = Schemas['SessionsEnded'];

/** The documented refusal; a proxy between the two may still answer with something else. */
export type RestErrorBody = { error?: Partial<Schemas['Error']['error']> };
export type RestErrorCode = Schemas['Error']['error']['code'];

/** Every REST operation by its operationId, with its parameters, body and answers. */
export type RestOperations = operations;

/** A request body in the REST service's field names, built from a GraphQL input with its field map. */
export type RestBody = Record<string, unknown>;

/** A product with the plans on sale for it, as the catalogue resolvers hand it to `Product`. */
export type ProductWithPlans = ProductRecord & { plans: PlanRecord[] };

/** A sign-in session as GET /subscription_user_sessions answers it. */
export type SessionRecord = Schemas['Session'];
export type UsersSignedOut = Schemas['UsersSignedOut'];
/** One entry of the audit log as GET /subscription_audit_log answers it. */
export type AuditRecord = Schemas['AuditEntry'];
export type AuditActions = Schemas['AuditActions'];
export type PasswordChanged = Schemas['PasswordChanged'];
export type UserImportPreviewRecord = Schemas['UserImportPreview'];
export type UsersImported = Schemas['UsersImported'];
