import { parseAsStringLiteral } from 'nuqs';
import { defineList } from '@/lib/listState';

// Apart from urls.ts, which the sign-in screen's routes import: the list's parsers load with the screen.

/** The two lists of the screen: enquiries waiting for a decision, and those turned down. */
export const ENQUIRY_VIEWS = ['PENDING', 'REJECTED'] as const;
export type EnquiryView = (typeof ENQUIRY_VIEWS)[number];

/** The enquiry list's sort keys (URL key → the schema's sort field) and its status filter (pending when absent). */
export const enquiryList = defineList({
  sortFields: { received: 'RECEIVED_AT', company: 'COMPANY_NAME', email: 'ADMIN_EMAIL', decided: 'DECIDED_AT' },
  defaultSort: { key: 'received', direction: 'DESC' },
  filters: { status: parseAsStringLiteral(ENQUIRY_VIEWS) },
});
