/**
 * The email format check of SPEC section 5, shared so the browser and the servers accept the same
 * addresses. It is the WHATWG pattern of `<input type="email">` with a dotted domain required:
 * a console for companies has no use for `user@localhost`.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** RFC 5321 limits a forward path to 256 octets, so an address to 254 characters. */
export const MAX_EMAIL_LENGTH = 254;

export const EMAIL_FORMAT_MESSAGE = 'Enter a valid email address, like name@company.com';

export function isEmailAddress(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}
