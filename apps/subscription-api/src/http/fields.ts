import { z } from 'zod';
import { EMAIL_FORMAT_MESSAGE, isEmailAddress } from '@yozy/shared';

/** Body fields shared by the public forms, with messages a person can act on. */

/** An email address in the standard format of SPEC section 5 (the same check as the browser's). */
export const emailAddress = z.string({ error: EMAIL_FORMAT_MESSAGE }).trim().refine(isEmailAddress, EMAIL_FORMAT_MESSAGE);

export function requiredText(missing: string, max = 200) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, `Use at most ${max} characters`);
}

/** Absent, null and blank all mean "not given" and are stored as NULL. */
export function optionalText(max = 200, pattern?: { regex: RegExp; message: string }) {
  const text = z.string({ error: 'Enter text or leave this empty' }).trim().max(max, `Use at most ${max} characters`);
  return (pattern ? text.refine((v) => v === '' || pattern.regex.test(v), pattern.message) : text).nullish().transform((v) => v || null);
}

/** A secret from a link: any string, bounded so a huge body cannot make us hash megabytes. */
export const linkToken = z.string({ error: 'The link has no token' }).max(512, 'The link has no valid token');

/** A new password as typed; the shared rule judges it, so only the type and size are checked here. */
export const typedPassword = (missing: string) => z.string({ error: missing }).max(1024, 'Use at most 1024 characters');

/** A database id sent as a number or as a string of digits (GraphQL IDs are strings). */
export function recordId(missing: string) {
  return z
    .custom<number | string>((v) => typeof v === 'number' || (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v)), missing)
    .transform(Number)
    .pipe(z.number().int(missing).positive(missing).max(2_147_483_647, missing));
}
