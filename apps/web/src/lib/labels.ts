import type { ApiKeyAccess, EnquiryStatus, InvitationStatus, MailStatus, UserStatus } from '@/generated/graphql';

/**
 * The words the console shows for the schema's enum values and the REST service's coded values:
 * one place, so a status or a billing period reads the same on every screen, and a raw value such
 * as YEARLY or AWAITING_APPROVAL never reaches the reader.
 */

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  ACTIVE: 'Active',
  INVITED: 'Invited',
  AWAITING_APPROVAL: 'Awaiting approval',
  DISABLED: 'Deactivated',
  DELETED: 'Removed by the identity provider',
};

export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  PENDING: 'Pending',
  ACCEPTED: 'Accepted',
  EXPIRED: 'Expired',
  REVOKED: 'Revoked',
  DEACTIVATED: 'Deactivated',
};

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  PENDING: 'Pending',
  REJECTED: 'Rejected',
  APPROVED: 'Approved',
};

export const API_KEY_ACCESS_LABELS: Record<ApiKeyAccess, string> = { READ: 'Read only', READ_WRITE: 'Read and write' };

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  QUEUED: 'Queued',
  RETRYING: 'Retrying',
  SENT: 'Sent',
  FAILED: 'Failed',
  KEPT: 'In the outbox',
};

/** The kinds of person as the REST service keeps them (OrgAdmin) and as the schema names them (ORG_ADMIN). */
export const TYPE_OF_USER_LABELS: Readonly<Record<string, string>> = {
  SuperAdmin: 'Provider administrator',
  OrgAdmin: 'Organization admin',
  User: 'Member',
  SUPER_ADMIN: 'Provider administrator',
  ORG_ADMIN: 'Organization admin',
  USER: 'Member',
};

/** Why a sign-in session ended, as the service records it. */
export const SESSION_END_REASON_LABELS: Readonly<Record<string, string>> = {
  signed_out: 'Signed out',
  ended_by_admin: 'Ended by an administrator',
  password_reset: 'Password reset',
  password_changed: 'Password changed',
  expired: 'Expired',
  idle: 'Ended after inactivity',
  organization_deactivated: 'Organization deactivated',
  two_factor_required: 'Two-factor sign-in required',
};

/** A coded value the console has no word for yet, readable all the same: AWAITING_APPROVAL → "Awaiting approval". */
export function codeLabel(code: string): string {
  const words = code.replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A plan's billing period (the plan master's MONTHLY, YEARLY): "Monthly", "Yearly". */
const FREQUENCIES: Record<string, { label: string; period: string }> = {
  MONTHLY: { label: 'Monthly', period: 'month' },
  YEARLY: { label: 'Yearly', period: 'year' },
};

export function frequencyLabel(frequency: string): string {
  return FREQUENCIES[frequency]?.label ?? codeLabel(frequency);
}

/** The one period a plan bills: "month", "year" (as in "per month"). */
export function frequencyPeriod(frequency: string): string {
  return FREQUENCIES[frequency]?.period ?? codeLabel(frequency).toLowerCase();
}
