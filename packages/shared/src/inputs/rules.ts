import { z } from 'zod';
import { EMAIL_FORMAT_MESSAGE, isEmailAddress } from '../email';
import { optionalNumber } from './numbers';

/**
 * Field rules of the inputs that both the browser and the REST service check. A message is
 * written once, here, and a value the form accepts is one the service accepts.
 */

export const CONTROL_CHARACTER_MESSAGE = 'Remove the invisible control characters from this field';
export const tooLong = (max: number) => `Use at most ${max} characters`;

// C0 controls, DEL and C1 controls: nothing a person means to type into a one-line field, and
// PostgreSQL refuses the NUL byte outright.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;

/** One line of text as typed: trimmed, bounded, without control characters. */
function lineOfText(max: number, missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .max(max, tooLong(max))
    .refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTER_MESSAGE);
}

export function requiredText(missing: string, max = 200) {
  return lineOfText(max, missing).refine((value) => value.length > 0, missing);
}

/** What a value must look like: a regular expression, or any check with a `test` of the same shape. */
export type TextPattern = { regex: Pick<RegExp, 'test'>; message: string };

/** Absent, null and blank all mean "not given" (NULL in the database). */
export function optionalText(max = 200, pattern?: TextPattern) {
  const text = lineOfText(max, 'Enter text or leave this empty');
  return (pattern ? text.refine((value) => value === '' || pattern.regex.test(value), pattern.message) : text)
    .nullish()
    .transform((value) => value || null);
}

/** A required email address in the standard format of the specification. */
export function emailAddress(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .refine((value) => value.length > 0, missing)
    .refine((value) => value.length === 0 || isEmailAddress(value), EMAIL_FORMAT_MESSAGE);
}

export const PHONE: TextPattern = { regex: /^\+?[0-9][0-9 ()./-]{3,31}$/, message: 'Enter a phone number of digits, spaces and + ( ) - .' };
export const COUNTRY_CODE: TextPattern = { regex: /^[A-Za-z]{2}$/, message: 'Choose the country from the list' };

/** An optional ISO 3166-1 country code (two letters, stored in capitals); whether it is in the standard list the REST service checks. */
export const countryCode = () => optionalText(100, COUNTRY_CODE).transform((code) => code?.toUpperCase() ?? null);

export const CURRENCY: TextPattern = { regex: /^[A-Za-z]{3}$/, message: 'Enter a three-letter currency code such as USD' };

/**
 * An optional amount of money, as a JSON number or as typed ("2,500,000", "19,50"), within what a
 * `numeric(precision, 2)` column holds; blank means "not given".
 */
export function optionalAmount(message: string, precision = 16) {
  return optionalNumber({ message, decimals: 2, min: 0, max: 10 ** (precision - 2) - 0.01 });
}

/** The largest id an `integer` column holds. */
export const MAX_RECORD_ID = 2_147_483_647;

/** A database id sent as a number or as a string of digits (GraphQL IDs are strings). */
export function recordId(missing: string) {
  return z
    .custom<number | string>((value) => typeof value === 'number' || (typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value)), missing)
    .transform(Number)
    .pipe(z.number().int(missing).positive(missing).max(MAX_RECORD_ID, missing));
}

/** Text typed one item per line (commas and semicolons separate too): the items, trimmed, blanks left out. */
export const linesOfText = () =>
  z.string().transform((text) =>
    text
      .split(/[\n,;]+/)
      .map((line) => line.trim())
      .filter(Boolean),
  );
