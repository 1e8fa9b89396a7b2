/**
 * How the gateway and the REST subscription service talk to each other. The REST service answers
 * the public account flows only to a caller holding the service credential, and records a
 * client's address and browser only as the gateway reports them in these headers.
 */
export const SERVICE_TOKEN_HEADER = 'x-service-token';
export const CLIENT_ADDRESS_HEADER = 'x-client-address';
export const CLIENT_USER_AGENT_HEADER = 'x-client-user-agent';

/** How an internal tool's API key starts, so both apps tell it from a session token without a lookup. */
export const API_KEY_PREFIX = 'yozy_key_';

/** How an organisation's SCIM provisioning token starts; it is sent only to `/scim/v2/`. */
export const PROVISIONING_TOKEN_PREFIX = 'yozy_scim_';

/**
 * The header in which the gateway tells the REST service where it serves SCIM (`<PUBLIC_URL>/scim/v2`),
 * so the resources' `meta.location` are the addresses an identity provider calls.
 */
export const SCIM_BASE_URL_HEADER = 'x-scim-base-url';

/**
 * The `WWW-Authenticate` challenge of a 401 to a bearer credential (RFC 6750): without an error
 * when none was sent, `invalid_token` when the one sent is unknown, revoked, expired or malformed.
 */
export function bearerChallenge(error?: 'invalid_token', description?: string): string {
  const params = ['realm="yozy"'];
  if (error) params.push(`error="${error}"`);
  // The characters RFC 6750 allows in a description: printable ASCII without `"` and `\`.
  if (description) params.push(`error_description="${description.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '')}"`);
  return `Bearer ${params.join(', ')}`;
}

/** The shortest service credential either app accepts. */
export const SERVICE_TOKEN_MIN_LENGTH = 32;

/** How long a person has between loading a form and sending it: the life of a captcha challenge. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
