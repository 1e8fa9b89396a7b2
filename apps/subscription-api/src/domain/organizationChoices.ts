import { ORGANIZATION_CHOICE_LISTS, ORGANIZATION_CHOICE_WORDS, type OrganizationChoiceList } from '@yozy/shared';
import { COUNTRY_CHOICE_MESSAGE, countryName, CURRENCY_CHOICE_MESSAGE, isCountryCode, isCurrencyCode } from '@yozy/shared/standardLists';
import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';

/** The column of organisations (and enquiries) each of the provider's lists fills. */
export const CHOICE_COLUMNS = {
  BusinessVertical: 'business_vertical',
  ClientType: 'client_type',
} as const satisfies Record<OrganizationChoiceList, string>;

/** An organisation's closed-list fields as the REST service names them; absent means "not changed". */
export type ClosedListFields = {
  Country?: string | null;
  CountryCode?: string | null;
  CurrencyCode?: string | null;
  BusinessVertical?: string | null;
  ClientType?: string | null;
};

/**
 * Checks an organisation's choices against their lists and answers them as they are stored: the
 * country and currency must be codes of ISO 3166-1 and ISO 4217 (the country's name follows from
 * its code), the business vertical and client type entries of the provider's lists, spelt as the
 * list spells them. An entry the provider has retired may stay where `kept` (the record as it was)
 * has it already, but is not newly chosen. A value kept from before the lists is refused like any
 * other, so the form asks for a choice the next time the organisation is saved.
 */
export async function checkClosedLists<Fields extends ClosedListFields>(
  db: Queryable,
  fields: Fields,
  kept: ClosedListFields = {},
): Promise<Fields> {
  const checked: ClosedListFields = { ...fields };
  const code = fields.CountryCode;
  if (code) {
    if (!isCountryCode(code)) {
      throw new HttpError('BAD_REQUEST', `${COUNTRY_CHOICE_MESSAGE}: ${code} is no ISO 3166-1 country code`, 'CountryCode');
    }
    checked.Country = countryName(code, 'en');
  } else if (fields.Country) {
    throw new HttpError('BAD_REQUEST', `${COUNTRY_CHOICE_MESSAGE}: send its CountryCode, and its name follows`, 'Country');
  } else if (code === null) {
    checked.Country = null;
  }
  const currency = fields.CurrencyCode;
  if (currency !== undefined && currency !== null && !isCurrencyCode(currency)) {
    throw new HttpError('BAD_REQUEST', `${CURRENCY_CHOICE_MESSAGE}: ${currency} is no ISO 4217 currency code`, 'CurrencyCode');
  }
  for (const list of ORGANIZATION_CHOICE_LISTS) {
    const name = fields[list];
    if (name === undefined || name === null) continue;
    const [entry] = await db.query<{ choice_name: string; is_active: boolean }>(
      'SELECT choice_name, is_active FROM organization_choices WHERE choice_list = $1 AND lower(choice_name) = lower($2)',
      [list, name],
    );
    const one = ORGANIZATION_CHOICE_WORDS[list].one;
    if (!entry) throw new HttpError('BAD_REQUEST', `Choose the ${one} from the list; ${name} is not in it`, list);
    if (!entry.is_active && kept[list] !== entry.choice_name) {
      throw new HttpError('BAD_REQUEST', `Choose the ${one} from the list; ${entry.choice_name} is no longer offered`, list);
    }
    checked[list] = entry.choice_name;
  }
  return checked as Fields;
}
