import { z } from 'zod';
import { EMAIL_FORMAT_MESSAGE, isEmailAddress } from '../email';
import type { FieldMap } from './fieldMap';
import { optionalNumber } from './numbers';
import { CONTROL_CHARACTER_MESSAGE, optionalText, tooLong } from './rules';

/** How the connection to an SMTP server is secured: STARTTLS (usually port 587), TLS from the start (465), or none. */
export const SMTP_SECURITY = ['STARTTLS', 'TLS', 'NONE'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

/** The mails an organisation (or the provider, for everyone) may word its own way. */
export const EMAIL_TEMPLATES = ['invitation', 'reset', 'enquiry_received', 'enquiry_rejected'] as const;
export type EmailTemplateName = (typeof EMAIL_TEMPLATES)[number];

/** The values each template may use as `{{name}}`; the link and its validity are always added after the text. */
export const TEMPLATE_PLACEHOLDERS: Record<EmailTemplateName, readonly string[]> = {
  invitation: ['firstName', 'lastName', 'email', 'organization', 'product'],
  reset: ['email', 'product'],
  enquiry_received: ['firstName', 'companyName', 'product'],
  enquiry_rejected: ['firstName', 'companyName', 'reason', 'product'],
};

const HOST = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const PORT_MESSAGE = 'Enter a port from 1 to 65535, such as 587';
const optionalEmail = optionalText(320, { regex: { test: isEmailAddress }, message: EMAIL_FORMAT_MESSAGE });

/**
 * An organisation's email settings: how its mail is signed and answered, and optionally its own
 * SMTP server. The password is write-only: left empty, the stored one stays.
 */
export const emailSettingsInput = z
  .object({
    senderName: optionalText(100),
    replyTo: optionalEmail,
    smtpHost: optionalText(253, { regex: HOST, message: 'Enter the server’s host name, such as smtp.example.com' }),
    smtpPort: optionalNumber({ message: PORT_MESSAGE, decimals: 0, min: 1, max: 65535 }),
    smtpSecurity: z.enum(SMTP_SECURITY, { error: 'Choose how the connection is secured' }),
    smtpUsername: optionalText(200),
    smtpPassword: z
      .string()
      .max(200, tooLong(200))
      .nullish()
      .transform((value) => value || null),
    smtpFromAddress: optionalEmail,
  })
  .superRefine((settings, ctx) => {
    for (const issue of smtpServerIssues(settings)) ctx.addIssue({ code: 'custom', ...issue });
  });

/** What a server of its own needs beside its host: its port and the address mail is sent from. */
export function smtpServerIssues(settings: { smtpHost: string | null; smtpPort: number | null; smtpFromAddress: string | null }) {
  if (!settings.smtpHost) return [];
  const issues: { path: ['smtpPort' | 'smtpFromAddress']; message: string }[] = [];
  if (settings.smtpPort === null) issues.push({ path: ['smtpPort'], message: 'Enter the server’s port, such as 587' });
  if (!settings.smtpFromAddress) issues.push({ path: ['smtpFromAddress'], message: 'Enter the address mail is sent from on this server' });
  return issues;
}

export type EmailSettingsInput = z.input<typeof emailSettingsInput>;

/** The settings as the REST service names them. */
export const EMAIL_SETTINGS_REST_FIELDS = {
  organizationId: 'ClientId',
  senderName: 'SenderName',
  replyTo: 'ReplyTo',
  smtpHost: 'SmtpHost',
  smtpPort: 'SmtpPort',
  smtpSecurity: 'SmtpSecurity',
  smtpUsername: 'SmtpUsername',
  smtpPassword: 'SmtpPassword',
  smtpPasswordSet: 'SmtpPasswordSet',
  smtpFromAddress: 'SmtpFromAddress',
  updatedAt: 'UpdatedAt',
} as const satisfies FieldMap;

// Tab and line breaks are what a mail's text is made of; other control characters are not.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The wording of one mail: a subject line and the text before its link, with `{{placeholders}}`. */
export const emailTemplateInput = z
  .object({
    template: z.enum(EMAIL_TEMPLATES, { error: 'Choose the mail to word' }),
    subject: z
      .string({ error: 'Enter the subject' })
      .trim()
      .min(1, 'Enter the subject')
      .max(200, tooLong(200))
      .refine((value) => !/[\r\n]/.test(value) && !CONTROL_BUT_LINES.test(value), CONTROL_CHARACTER_MESSAGE),
    body: z
      .string({ error: 'Enter the text of the mail' })
      .trim()
      .min(1, 'Enter the text of the mail')
      .max(5000, tooLong(5000))
      .refine((value) => !CONTROL_BUT_LINES.test(value), CONTROL_CHARACTER_MESSAGE),
  })
  .superRefine((input, ctx) => {
    for (const issue of placeholderIssues(input)) ctx.addIssue({ code: 'custom', ...issue });
  });

/** A `{{name}}` the template does not have, in the subject or the text, named with the ones it has. */
export function placeholderIssues(input: { template: EmailTemplateName; subject: string; body: string }) {
  const allowed = TEMPLATE_PLACEHOLDERS[input.template];
  const issues: { path: ['subject' | 'body']; message: string }[] = [];
  for (const field of ['subject', 'body'] as const) {
    const unknown = [...input[field].matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((match) => match[1]!).find((name) => !allowed.includes(name));
    if (unknown !== undefined) {
      const names = allowed.map((name) => `{{${name}}}`).join(', ');
      issues.push({ path: [field], message: `{{${unknown}}} is not a value of this mail: use ${names}` });
    }
  }
  return issues;
}

export type EmailTemplateInput = z.input<typeof emailTemplateInput>;

/** A template's fields as the REST service names them. */
export const EMAIL_TEMPLATE_REST_FIELDS = {
  organizationId: 'ClientId',
  template: 'Template',
  subject: 'Subject',
  body: 'Body',
} as const satisfies FieldMap;
