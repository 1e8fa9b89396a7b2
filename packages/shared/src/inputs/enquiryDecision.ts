import { z } from 'zod';
import { ENQUIRY_REST_FIELDS } from './enquiry';
import type { FieldMap } from './fieldMap';
import { recordId, requiredText } from './rules';

export const REJECTION_REASON_MAX = 500;

/** The provider approves a pending enquiry: an organisation, its licence and its admin come of it. */
export const approveEnquiryInput = z.object({
  enquiryId: recordId('Choose an enquiry'),
});

export type ApproveEnquiryInput = z.input<typeof approveEnquiryInput>;

export const APPROVE_ENQUIRY_REST_FIELDS = {
  enquiryId: 'EnquiryId',
} as const satisfies FieldMap<keyof ApproveEnquiryInput & string>;

/** The provider turns a pending enquiry down, saying why; the enquirer is told by mail. */
export const rejectEnquiryInput = z.object({
  enquiryId: recordId('Choose an enquiry'),
  reason: requiredText('Give the reason for the rejection', REJECTION_REASON_MAX),
});

export type RejectEnquiryInput = z.input<typeof rejectEnquiryInput>;

export const REJECT_ENQUIRY_REST_FIELDS = {
  enquiryId: 'EnquiryId',
  reason: 'Reason',
} as const satisfies FieldMap<keyof RejectEnquiryInput & string>;

/** An enquiry as the provider's list shows it: the form's fields plus its decision and licence details. */
export const ENQUIRY_RECORD_FIELDS = {
  id: 'EnquiryId',
  status: 'Status',
  ...ENQUIRY_REST_FIELDS,
  receivedAt: 'CreatedAt',
  decidedAt: 'DecidedAt',
  decisionNote: 'DecisionNote',
  organizationId: 'ClientId',
} as const satisfies FieldMap;
