import { planGroupLabel } from '@yozy/shared';
import { AUDIT_RECORD_KINDS, auditReference, auditReferenceKind, isAuditRecordKind, type AuditRecordKind } from '@yozy/shared/auditLog';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, type WebhookEventType } from '@yozy/shared/webhookEvents';
import type { AuditEntryFieldsFragment } from '@/generated/graphql';
import { formatDate, formatDateTime } from '@/lib/dates';
import {
  API_KEY_ACCESS_LABELS,
  codeLabel,
  ENQUIRY_STATUS_LABELS,
  frequencyLabel,
  MAIL_STATUS_LABELS,
  SESSION_END_REASON_LABELS,
  TYPE_OF_USER_LABELS,
  USER_STATUS_LABELS,
} from '@/lib/labels';

type Change = AuditEntryFieldsFragment['changes'][number];
type Names = AuditEntryFieldsFragment['names'];

/** `productId` and `ProductId` alike: entries of older changes name their fields in either case. */
const fieldKey = (field: string) => field.charAt(0).toLowerCase() + field.slice(1);

/** Fields whose name in words is not simply their name split into words. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  addedUserIds: 'People added',
  adminUserId: 'Admin',
  awaitingApproval: 'Awaiting approval',
  choiceList: 'List',
  clientId: 'Organization',
  confirmedWith: 'Confirmed with',
  currentAllocationIds: 'Current allocations',
  deliveryId: 'Delivery',
  departmentName: 'Department',
  enabled: 'Turned on',
  enabledAt: 'Turned on at',
  endedSessions: 'Sessions ended',
  event: 'Event',
  events: 'Events',
  isActive: 'Active',
  issuedBy: 'Issued by',
  mailed: 'Mailed',
  memberIds: 'Members',
  pauseReason: 'Why it was paused',
  percentage: 'Allocation',
  previousSecretSignsForHours: 'Hours the old secret still signs',
  recoveryCodes: 'Recovery codes',
  redelivers: 'Delivery sent again',
  removedUserIds: 'People removed',
  sessionsEnded: 'Sessions ended',
  template: 'Mail',
  to: 'To',
  typeOfUser: 'Type of user',
  url: 'Address',
  userId: 'Person',
  verifiedBy: 'Verified by',
};

/** A field's name in words: isActive → "Active", productId → "Product", validTill → "Valid till". */
export function fieldLabel(field: string): string {
  const key = fieldKey(field);
  const known = FIELD_LABELS[key];
  if (known) return known;
  const kind = auditReferenceKind(key);
  if (kind) return AUDIT_RECORD_KINDS[kind];
  return codeLabel(field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2'));
}

const MAIL_TEMPLATES: Readonly<Record<string, string>> = {
  invitation: 'Invitation',
  reset: 'Password reset',
  enquiry_received: 'Enquiry received',
  enquiry_rejected: 'Enquiry turned down',
  password_changed: 'Password changed',
  test: 'Test mail',
  webhook_paused: 'Webhook endpoint paused',
};

/** A webhook event in words (`group.changed` → "A group changed"), or every event. */
const webhookEvent = (value: string) =>
  value === 'every event' ? 'Every event' : value === WEBHOOK_TEST_EVENT ? 'Test event' : WEBHOOK_EVENTS[value as WebhookEventType];

/** The words of the coded values of particular fields, where one code means different things in different places. */
const VALUE_LABELS: Readonly<Record<string, (value: string) => string | undefined>> = {
  typeOfUser: (value) => TYPE_OF_USER_LABELS[value],
  endReason: (value) => SESSION_END_REASON_LABELS[value],
  frequency: frequencyLabel,
  planGroup: planGroupLabel,
  access: (value) => API_KEY_ACCESS_LABELS[value as keyof typeof API_KEY_ACCESS_LABELS],
  template: (value) => MAIL_TEMPLATES[value],
  confirmedWith: (value) => ({ code: 'Authenticator code', recovery_code: 'Recovery code' })[value],
  verifiedBy: (value) => ({ DNS: 'DNS record', PROVIDER: 'The provider' })[value],
  choiceList: (value) => ({ BusinessVertical: 'Business verticals', ClientType: 'Client types' })[value],
  smtpSecurity: (value) => ({ STARTTLS: 'STARTTLS', TLS: 'TLS', NONE: 'None' })[value],
  events: webhookEvent,
  event: webhookEvent,
  pauseReason: (value) => ({ FAILING: 'Failing for a day', ADMIN: 'Paused by an admin' })[value],
};

/** Coded values that read the same wherever they are: the statuses of people, enquiries and mail. */
const STATUS_LABELS: Readonly<Record<string, string>> = { ...MAIL_STATUS_LABELS, ...ENQUIRY_STATUS_LABELS, ...USER_STATUS_LABELS };

/** A text value as the console writes it: a day DD-MM-YYYY, an instant with its time, a coded value in words. */
function readableText(value: string, field: string): string {
  const special = VALUE_LABELS[field]?.(value);
  if (special) return special;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(value)) return formatDateTime(value);
  if (STATUS_LABELS[value]) return STATUS_LABELS[value];
  if (/^[A-Z][A-Z]+(_[A-Z]+)*$/.test(value) && value.length > 3) return codeLabel(value);
  if (/^[a-z]+(_[a-z]+)+$/.test(value)) return codeLabel(value);
  return value;
}

/** The name of a record an entry names by id; one deleted since says so. */
function recordName(kind: AuditRecordKind, id: unknown, names: Names): string {
  const reference = auditReference(kind, String(id));
  return (
    names.find((name) => auditReference(name.kind as AuditRecordKind, name.id) === reference)?.name ??
    `a deleted ${AUDIT_RECORD_KINDS[kind].toLowerCase()}`
  );
}

/** One value of a field in words; `field` decides what its codes and ids mean. */
function readableValue(value: unknown, field: string, names: Names): string {
  if (value === null || value === undefined || value === '') return '—';
  const kind = auditReferenceKind(field);
  if (kind && (typeof value === 'number' || typeof value === 'string')) return recordName(kind, value, names);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return readableText(value, fieldKey(field));
  if (Array.isArray(value)) return value.map((item) => readableValue(item, field, names)).join(', ') || '—';
  if (typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>);
    // A role on a product, as an invitation of several roles lists them: "Admin on Yozy Lite".
    const role = fields.find(([name]) => name === 'role')?.[1];
    const product = fields.find(([name]) => auditReferenceKind(name) === 'product');
    if (typeof role === 'string' && product && fields.length === 2) return `${role} on ${readableValue(product[1], product[0], names)}`;
    return fields.map(([name, held]) => `${fieldLabel(name)}: ${readableValue(held, name, names)}`).join(', ');
  }
  return String(value);
}

/** A value as the log keeps it (JSON text) the way a person reads it: text without quotes, names for ids, nothing as a dash. */
export function readable(json: string | null, field = '', names: Names = []): string {
  if (json === null) return '—';
  try {
    return readableValue(JSON.parse(json) as unknown, field, names);
  } catch {
    return json;
  }
}

/**
 * "Active: Yes → No"; only the side there is for a record created or deleted (`gone`: the whole
 * record went, which the action says already); and a field that
 * did not change (written beside a change to say what it was about) as it was: "Product: Yozy Lite".
 */
export function changeText({ field, before, after }: Change, names: Names = [], { gone = false } = {}): string {
  const name = fieldLabel(field);
  if (before === null || before === after) return `${name}: ${readable(after, field, names)}`;
  if (after === null) return `${name}: ${readable(before, field, names)}${gone ? '' : ' (removed)'}`;
  return `${name}: ${readable(before, field, names)} → ${readable(after, field, names)}`;
}

/**
 * Each change of an entry in words. What a removal took away (a role, a deleted group, a revoked
 * key) reads as it was: the action says it is gone, so no field says "(removed)".
 */
export function changeTexts(row: Pick<AuditEntryFieldsFragment, 'changes' | 'names'>): string[] {
  const gone = row.changes.every((change) => change.after === null);
  return row.changes.map((change) => changeText(change, row.names, { gone }));
}

/** The kind of record an entry is about, in words: "Person", "Group". */
export const recordKindLabel = (entityType: string) =>
  isAuditRecordKind(entityType) ? AUDIT_RECORD_KINDS[entityType] : codeLabel(entityType);

/** The record an entry is about in words: its name, or what it was when it is gone. */
export function recordLabel(row: Pick<AuditEntryFieldsFragment, 'entityType' | 'entityId' | 'entityName'>): string {
  if (row.entityName) return row.entityName;
  const kind = recordKindLabel(row.entityType);
  return row.entityId ? `A deleted ${kind.toLowerCase()}` : kind;
}
