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

/** The shortest service credential either app accepts. */
export const SERVICE_TOKEN_MIN_LENGTH = 32;

/** How long a person has between loading a form and sending it: the life of a captcha challenge. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
