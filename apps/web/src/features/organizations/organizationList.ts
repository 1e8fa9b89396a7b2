import { parseAsBoolean, parseAsString } from 'nuqs';
import { defineList } from '@/lib/listState';

// Apart from urls.ts, which the sign-in screen's routes import: the list's parsers load with the screen.

/** The organisation list's sort keys (URL key → the schema's sort field) and filters (named as OrganizationFilter's fields). */
export const organizationList = defineList({
  sortFields: {
    name: 'COMPANY_NAME',
    contact: 'CONTACT_NAME',
    onboarded: 'DATE_ONBOARDED',
    type: 'CLIENT_TYPE',
    vertical: 'BUSINESS_VERTICAL',
  },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: {
    clientType: parseAsString,
    businessVertical: parseAsString,
    countryCode: parseAsString,
    currencyCode: parseAsString,
    active: parseAsBoolean,
    licenceExpiringSoon: parseAsBoolean,
  },
});
