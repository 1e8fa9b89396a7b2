import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { optionalNumber } from './numbers';
import { linesOfText } from './rules';

export const SESSION_IDLE_MINUTES_MIN = 5;
export const SESSION_IDLE_MINUTES_MAX = 1440;
export const MAX_ALLOWED_EMAIL_DOMAINS = 20;
const IDLE_MINUTES_MESSAGE = `Enter whole minutes from ${SESSION_IDLE_MINUTES_MIN} to ${SESSION_IDLE_MINUTES_MAX}`;

/** A domain as an email address ends: labels of letters, digits and hyphens, at least one dot. */
export const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((domain) => domain.replace(/^@/, ''))
  .refine((domain) => DOMAIN_PATTERN.test(domain), { error: 'Enter domains such as example.com, one per line' });

/** What an organisation's settings form sends: each rule of how its people sign in and are invited. */
export const organizationSettingsInput = z.object({
  /** Left out: as it is. */
  requiresApproval: z.boolean({ error: 'Say whether new people need approval' }).optional(),
  twoFactorRequired: z.boolean({ error: 'Say whether two-factor sign-in is required' }),
  sessionIdleMinutes: z
    .int({ error: IDLE_MINUTES_MESSAGE })
    .min(SESSION_IDLE_MINUTES_MIN, `Enter at least ${SESSION_IDLE_MINUTES_MIN} minutes`)
    .max(SESSION_IDLE_MINUTES_MAX, `Enter at most ${SESSION_IDLE_MINUTES_MAX} minutes (a day)`)
    .nullable(),
  allowedEmailDomains: z
    .array(emailDomain, { error: 'Enter domains such as example.com, one per line' })
    .max(MAX_ALLOWED_EMAIL_DOMAINS, `Enter at most ${MAX_ALLOWED_EMAIL_DOMAINS} domains`)
    .transform((domains) => [...new Set(domains)]),
});

export type OrganizationSettingsInput = z.input<typeof organizationSettingsInput>;

/** The settings as the REST service names them. */
export const ORGANIZATION_SETTINGS_REST_FIELDS = {
  organizationId: 'ClientId',
  requiresApproval: 'RequiresApproval',
  twoFactorRequired: 'TwoFactorRequired',
  sessionIdleMinutes: 'SessionIdleMinutes',
  allowedEmailDomains: 'AllowedEmailDomains',
  updatedAt: 'UpdatedAt',
} as const satisfies FieldMap;

/** The domain of an address, lower case: what the allowed domains are compared with. */
export const emailDomainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * The settings form's fields as a person types them (minutes as text, empty for no limit; domains
 * one per line), checked by the same rules and giving the same input the mutation takes.
 */
export const organizationSettingsForm = z.object({
  requiresApproval: organizationSettingsInput.shape.requiresApproval,
  twoFactorRequired: organizationSettingsInput.shape.twoFactorRequired,
  sessionIdleMinutes: optionalNumber({ message: IDLE_MINUTES_MESSAGE, decimals: 0, min: -Infinity, max: Infinity }).pipe(
    organizationSettingsInput.shape.sessionIdleMinutes,
  ),
  allowedEmailDomains: linesOfText().pipe(organizationSettingsInput.shape.allowedEmailDomains),
});
