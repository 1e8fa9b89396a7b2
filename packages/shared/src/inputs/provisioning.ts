import { z } from 'zod';
import { DOMAIN_PATTERN } from './organizationSettings';

/** An organisation's SCIM provisioning: on or off, and the role new people get (required when on). */
export const provisioningSettingsInput = z
  .object({
    enabled: z.boolean({ error: 'Say whether provisioning is on' }),
    roleId: z
      .string({ error: 'Choose the role new people get' })
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((settings, ctx) => {
    if (settings.enabled && !settings.roleId) ctx.addIssue({ code: 'custom', path: ['roleId'], message: 'Choose the role new people get' });
  });

export type ProvisioningSettingsInput = z.input<typeof provisioningSettingsInput>;

/** A new provisioning token's name: what it is for, such as the identity provider that holds it. */
export const provisioningTokenInput = z.object({
  name: z
    .string({ error: 'Name the token after the identity provider that holds it' })
    .trim()
    .min(1, 'Name the token after the identity provider that holds it')
    .max(100, 'At most 100 characters'),
});

/** A domain to add to the organisation's domains, as an email address ends. */
export const organizationDomainInput = z.object({
  domain: z
    .string({ error: 'Enter a domain such as example.com' })
    .trim()
    .toLowerCase()
    .transform((domain) => domain.replace(/^@/, ''))
    .refine((domain) => DOMAIN_PATTERN.test(domain), { error: 'Enter a domain such as example.com' }),
});
