import { jsonObject, type ResourceDefinition } from '#http/resource';

/** Organisation (client) fields of SPEC section 3, as the provider's backend names them. */
export const clientFields = {
  ClientId: { sql: 'c.client_id', type: 'int' },
  ClientCompanyName: {
    sql: 'c.company_name',
    type: 'text',
    searchable: true,
    sort: { index: 'clients_company_name_sort_idx', by: 'lower(c.company_name)' },
  },
  DateOnboarded: { sql: 'c.date_onboarded', type: 'date', sort: { index: 'clients_date_onboarded_sort_idx' } },
  AddressLine1: { sql: 'c.address_line1', type: 'text' },
  AddressLine2: { sql: 'c.address_line2', type: 'text' },
  City: { sql: 'c.city', type: 'text' },
  State: { sql: 'c.state', type: 'text' },
  Country: { sql: 'c.country', type: 'text' },
  CountryCode: { sql: 'c.country_code', type: 'text' },
  Pincode: { sql: 'c.pincode', type: 'text' },
  ClientContactName: {
    sql: 'c.contact_name',
    type: 'text',
    searchable: true,
    sort: { index: 'clients_contact_name_sort_idx', by: 'lower(c.contact_name)' },
  },
  ClientDesignation: { sql: 'c.designation', type: 'text' },
  CurrencyCode: { sql: 'c.currency_code', type: 'text' },
  ClientType: { sql: 'c.client_type', type: 'text', sort: { index: 'clients_client_type_sort_idx' } },
  NatureOfBusiness: { sql: 'c.nature_of_business', type: 'text' },
  BusinessVertical: { sql: 'c.business_vertical', type: 'text', sort: { index: 'clients_business_vertical_sort_idx' } },
  ClientRevenueInUSD: { sql: 'c.revenue_usd', type: 'number' },
  IsActive: { sql: 'c.is_active', type: 'bool' },
  // The provider's own organisation: its SuperAdmins work from it, so it is never deactivated.
  IsProvider: { sql: 'c.is_provider', type: 'bool' },
  DefaultRegions: {
    sql: "coalesce((SELECT s.default_regions FROM org_settings s WHERE s.client_id = c.client_id), '{}')",
    type: 'textList',
  },
  // Computed for the provider's list: people, seats and the next licence to run out.
  UserCount: {
    sql: '(SELECT count(*)::int FROM client_users u WHERE u.client_id = c.client_id AND u.is_active)',
    type: 'int',
  },
  // From the organisation's active people, each person's roles looked up by person against the
  // products of its live licences (read once), so no count passes over everyone's roles.
  SeatsUsed: {
    sql: `(SELECT count(*)::int FROM client_users u
            WHERE u.client_id = c.client_id AND u.is_active
              AND EXISTS (SELECT 1 FROM user_roles ur
                           WHERE ur.user_id = u.user_id
                             AND ur.product_id = ANY (ARRAY(SELECT l.product_id FROM licences l
                                                             WHERE l.client_id = c.client_id AND l.is_active
                                                               AND l.valid_till >= current_date))))`,
    type: 'int',
  },
  SeatCapacity: {
    sql: `(SELECT coalesce(sum(pl.capacity), 0)::int FROM licences l JOIN plans pl ON pl.plan_id = l.plan_id
            WHERE l.client_id = c.client_id AND l.is_active AND l.valid_till >= current_date)`,
    type: 'int',
  },
  LicenceExpiresOn: {
    sql: '(SELECT min(l.valid_till) FROM licences l WHERE l.client_id = c.client_id AND l.is_active AND l.valid_till >= current_date)',
    type: 'date',
  },
} satisfies ResourceDefinition['fields'];

/** `json_build_object` of every client field, for embedding an organisation in another answer. */
export const clientJson = jsonObject(clientFields);
