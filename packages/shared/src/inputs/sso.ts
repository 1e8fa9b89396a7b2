import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { emailDomain } from './organizationSettings';
import { linesOfText, optionalText, tooLong } from './rules';

export const MAX_SSO_DOMAINS = 20;
export const MAX_MFA_ACR_VALUES = 10;

/**
 * The authentication context values (`acr`) an identity provider uses for a multi-factor sign-in,
 * beyond the standard `amr` values the console knows; left out, the stored ones stay.
 */
const mfaAcrValueList = z
  .array(
    z
      .string({ error: 'Enter each value as text' })
      .trim()
      .min(1, 'Enter each value as text')
      .max(200, tooLong(200))
      .refine((value) => !/\s/.test(value), 'One value per line, without spaces'),
    { error: 'Enter one value per line' },
  )
  .max(MAX_MFA_ACR_VALUES, `Enter at most ${MAX_MFA_ACR_VALUES} values`)
  .transform((values) => [...new Set(values)]);
const mfaAcrValues = mfaAcrValueList.nullish().transform((values) => values ?? null);

const ISSUER_MESSAGE = 'Enter the issuer’s address, such as https://login.example.com';

/** An issuer's address: https (http only where the service allows it, for a provider on the same machine). */
const issuer = z
  .string({ error: ISSUER_MESSAGE })
  .trim()
  .max(500, tooLong(500))
  .refine((value) => value === '' || /^https?:\/\/[^\s/?#]+[^\s?#]*$/i.test(value), ISSUER_MESSAGE)
  .nullish()
  .transform((value) => value || null);

/**
 * An organisation's single sign-on through its OpenID Connect provider. The client secret is
 * write-only: left empty, the stored one stays.
 */
export const ssoSettingsInput = z
  .object({
    enabled: z.boolean({ error: 'Say whether single sign-on is on' }),
    issuer,
    clientId: optionalText(200),
    clientSecret: z
      .string()
      .max(500, tooLong(500))
      .nullish()
      .transform((value) => value || null),
    // Left out, the organisation's domains stay as they are: they are its own (its Domains section),
    // shared with provisioning. Given, they replace them, as before domains were the organisation's.
    domains: z
      .array(emailDomain, { error: 'Enter domains such as example.com, one per line' })
      .max(MAX_SSO_DOMAINS, `Enter at most ${MAX_SSO_DOMAINS} domains`)
      .transform((domains) => [...new Set(domains)])
      .nullish()
      .transform((domains) => domains ?? undefined),
    requireSso: z.boolean({ error: 'Say whether single sign-on is required' }),
    allowJit: z.boolean({ error: 'Say whether unknown people get an account' }),
    mfaAcrValues,
  })
  .superRefine((settings, ctx) => {
    for (const issue of ssoIssues(settings)) ctx.addIssue({ code: 'custom', ...issue });
  });

/** What single sign-on needs when it is on: the issuer, the client id and at least one domain (when the domains are given). */
export function ssoIssues(settings: { enabled: boolean; issuer: string | null; clientId: string | null; domains?: string[] }) {
  if (!settings.enabled) return [];
  const issues: { path: ['issuer' | 'clientId' | 'domains']; message: string }[] = [];
  if (!settings.issuer) issues.push({ path: ['issuer'], message: ISSUER_MESSAGE });
  if (!settings.clientId) issues.push({ path: ['clientId'], message: 'Enter the client id the identity provider gave the console' });
  if (settings.domains?.length === 0) issues.push({ path: ['domains'], message: 'Enter the email domains whose people sign in this way' });
  return issues;
}

export type SsoSettingsInput = z.input<typeof ssoSettingsInput>;

/** The settings as the REST service names them. */
export const SSO_SETTINGS_REST_FIELDS = {
  organizationId: 'ClientId',
  enabled: 'Enabled',
  issuer: 'Issuer',
  clientId: 'OidcClientId',
  clientSecret: 'ClientSecret',
  clientSecretSet: 'ClientSecretSet',
  domains: 'Domains',
  requireSso: 'RequireSso',
  allowJit: 'AllowJit',
  mfaAcrValues: 'MfaAcrValues',
  domainVerifications: 'DomainVerifications',
  updatedAt: 'UpdatedAt',
} as const satisfies FieldMap;

/**
 * The settings form's fields as a person types them (acr values one per line), checked by the same
 * rules. The domains are not the form's: they are the organisation's own, in its Domains section.
 */
const { domains: _domains, ...formShape } = ssoSettingsInput.shape;
export const ssoSettingsForm = z
  .object({
    ...formShape,
    mfaAcrValues: linesOfText().pipe(mfaAcrValueList),
  })
  .superRefine((settings, ctx) => {
    for (const issue of ssoIssues(settings)) ctx.addIssue({ code: 'custom', ...issue });
  });
