import { resetPasswordLink, setPasswordLink, TOKEN_VALIDITY_HOURS, type EmailTemplateName } from '@yozy/shared';

export type MailTemplate = EmailTemplateName | 'password_changed' | 'test' | 'domain_lapsed' | 'webhook_paused';

/** One mail before it has a recipient: both parts, and the links it carries (for the log). */
export type MailContent = {
  template: MailTemplate;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /**
   * Both parts as the outbox shows them: the mail as sent, with the token of each link replaced by
   * HIDDEN_TOKEN. Whoever reads the outbox sees what the person was told, but cannot follow a
   * reset, invitation or set-password link into their account.
   */
  masked: { text: string; html: string };
};

/** What a link's token reads as in the outbox; resending the mail gives the person a fresh link. */
export const HIDDEN_TOKEN = '••••••';

const PRODUCT_NAME = 'Yozy Admin';

/** Every interpolated value goes through this: names and emails are chosen by other people. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

// PUBLIC_URL is validated without a trailing slash; trimming again keeps a hand-built config safe.
const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** The reset screen of SPEC section 2. */
export function resetLink(publicUrl: string, token: string, email: string): string {
  return `${base(publicUrl)}${resetPasswordLink(token, email)}`;
}

/** The set-password screen of SPEC section 2 plus the token of DESIGN section 2. */
export function invitationLink(publicUrl: string, token: string, email: string, firstName: string, lastName: string): string {
  return `${base(publicUrl)}${setPasswordLink(token, email, firstName, lastName)}`;
}

/** A paragraph, or a link with its label and, when the link signs someone in, the token it carries. */
type Block = { text: string } | { link: string; label: string; token?: string };

/**
 * The link with its token hidden. The token is the one the link was built with, found exactly
 * (not a guess at the link's shape); a link that does not carry it is a mistake of the template.
 */
function hideToken(link: string, token: string): string {
  const written = encodeURIComponent(token);
  if (!token || !link.includes(written)) throw new Error('A mail link does not carry the token it was given');
  return link.replaceAll(written, HIDDEN_TOKEN);
}

/** Builds the mail as sent and as the outbox shows it, each from the same blocks. */
function compose(template: MailTemplate, subject: string, blocks: Block[]): MailContent {
  const masked = render(
    subject,
    blocks.map((b) => ('link' in b && b.token !== undefined ? { ...b, link: hideToken(b.link, b.token) } : b)),
  );
  return { template, subject, ...render(subject, blocks), links: blocks.flatMap((b) => ('link' in b ? [b.link] : [])), masked };
}

/** Both parts from the same blocks, so the plain-text part never says less than the HTML. */
function render(subject: string, blocks: Block[]): { text: string; html: string } {
  const text = blocks.map((b) => ('link' in b ? `${b.label}:\n${b.link}` : b.text)).join('\n\n');
  const body = blocks
    .map((b) =>
      'link' in b
        ? `<p><a href="${escapeHtml(b.link)}" style="display:inline-block;padding:10px 16px;background:#2b6cb0;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(b.label)}</a></p>\n<p style="font-size:12px;color:#555555">Or paste this address into your browser: ${escapeHtml(b.link)}</p>`
        : `<p>${escapeHtml(b.text).replaceAll('\n', '<br>')}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#1a202c">
${body}
</body>
</html>
`;
  return { text: `${text}\n`, html };
}

/**
 * An organisation's own wording of a mail (Email settings), in place of the default: the subject
 * and the text before the link, with `{{placeholders}}` filled in. The link and how long it works
 * are always added by the service, so no wording can break them.
 */
export type Wording = { subject: string; body: string };

/** The default wording of each mail an organisation may word its own way. */
export const DEFAULT_WORDING: Record<EmailTemplateName, Wording> = {
  invitation: {
    subject: 'You are invited to {{product}}',
    body: 'Hello {{firstName}},\n\nYou have been invited to {{organization}} on {{product}} as {{email}}.',
  },
  reset: {
    subject: 'Reset your {{product}} password',
    body: 'Hello,\n\nWe received a request to reset the password of the {{product}} account {{email}}.',
  },
  enquiry_received: {
    subject: 'We received your {{product}} enquiry',
    body: 'Hello {{firstName}},\n\nThank you for your interest in {{product}}. We received the enquiry for {{companyName}} and will answer it soon.',
  },
  enquiry_rejected: {
    subject: 'Your {{product}} enquiry',
    body: 'Hello {{firstName}},\n\nThank you for your interest in {{product}}. We are unable to accept the enquiry for {{companyName}}.\n\nReason: {{reason}}\n\nIf you have questions, or your situation changes, you are welcome to reply or send a new enquiry.',
  },
};

/**
 * Fills `{{name}}` from `values` (an unknown name stays empty) and tidies what an empty value
 * leaves: "Hello ," becomes "Hello,".
 */
export function fill(wording: string, values: Record<string, string>): string {
  return wording
    .replace(/\{\{\s*([^}]*?)\s*\}\}/g, (_match, name: string) => values[name] ?? '')
    .replace(/[ \t]+([,.!?;:])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ');
}

/** The blocks of a worded mail: one per paragraph (a blank line apart). */
function worded(template: EmailTemplateName, wording: Wording | undefined, values: Record<string, string>, after: Block[]): MailContent {
  const { subject, body } = wording ?? DEFAULT_WORDING[template];
  const all = { ...values, product: PRODUCT_NAME };
  const paragraphs = fill(body, all)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((text) => ({ text }));
  return compose(template, fill(subject, all).trim(), [...paragraphs, ...after]);
}

export function resetMail(input: { publicUrl: string; token: string; email: string }, wording?: Wording): MailContent {
  return worded('reset', wording, { email: input.email }, [
    { link: resetLink(input.publicUrl, input.token, input.email), label: 'Choose a new password', token: input.token },
    { text: `This link is valid for ${TOKEN_VALIDITY_HOURS} hours and works once.` },
    { text: 'If you did not ask for this, you can ignore this mail: your password stays as it is.' },
  ]);
}

/**
 * An invitation: a single-use link to choose a first password, or, for a person whose
 * organisation requires single sign-on (`token` null), the way to the sign-in page instead, since
 * a password would be a second way in around it.
 */
export function invitationMail(
  input: {
    publicUrl: string;
    token: string | null;
    email: string;
    firstName: string;
    lastName: string;
    organization: string;
  },
  wording?: Wording,
): MailContent {
  const { firstName, lastName, email, organization } = input;
  const after: Block[] = input.token
    ? [
        {
          link: invitationLink(input.publicUrl, input.token, input.email, input.firstName, input.lastName),
          label: 'Set your password',
          token: input.token,
        },
        {
          text: `This link is valid for ${TOKEN_VALIDITY_HOURS} hours and works once. If it has expired, ask your administrator for a new invitation.`,
        },
      ]
    : [
        { link: `${base(input.publicUrl)}/login`, label: 'Sign in with single sign-on' },
        {
          text: `${organization} signs in with single sign-on, so you choose no password here: on the sign-in page, enter ${email} and continue with single sign-on.`,
        },
      ];
  return worded('invitation', wording, { firstName, lastName, email, organization }, after);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** An instant as the console writes one ('MMM DD YYYY, hh:mm A'), in UTC: a mail has no reader's time zone. */
export function mailDateTime(instant: Date): string {
  const hours = instant.getUTCHours();
  const clock = `${twoDigits(hours % 12 || 12)}:${twoDigits(instant.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${MONTHS[instant.getUTCMonth()]} ${twoDigits(instant.getUTCDate())} ${instant.getUTCFullYear()}, ${clock}`;
}

/** Sent after a reset. It carries no reset link: a mail like this is what phishing imitates. */
export function passwordChangedMail(input: { publicUrl: string; email: string; changedAt: Date }): MailContent {
  const when = `${mailDateTime(input.changedAt)} UTC`;
  return compose('password_changed', `Your ${PRODUCT_NAME} password was changed`, [
    { text: 'Hello,' },
    {
      text: `The password of the ${PRODUCT_NAME} account ${input.email} was changed on ${when}. Every session of this account was signed out.`,
    },
    { text: `If this was you, there is nothing more to do. If it was not you, contact your administrator at once.` },
    { text: `${PRODUCT_NAME}: ${base(input.publicUrl)}` },
  ]);
}

/** Tells the person who asked to subscribe that the provider has their enquiry. */
export function enquiryReceivedMail(input: { firstName: string; companyName: string }, wording?: Wording): MailContent {
  return worded('enquiry_received', wording, input, []);
}

/** Tells the person who asked to subscribe that the provider turned the enquiry down, and why. */
export function enquiryRejectedMail(input: { firstName: string; companyName: string; reason: string }, wording?: Wording): MailContent {
  return worded('enquiry_rejected', wording, input, []);
}

/** What "Send test mail" sends: proof that the organisation's server takes its mail. */
export function testMail(input: { organization: string; server: string }): MailContent {
  return compose('test', `Test mail from ${PRODUCT_NAME}`, [
    { text: 'Hello,' },
    {
      text: `This is a test mail of ${input.organization}'s email settings, sent through ${input.server}. It arrived, so the settings work.`,
    },
  ]);
}

/** Tells an organisation's admins that a verified domain's DNS record is gone, so the domain no longer covers it. */
export function domainLapsedMail(input: {
  publicUrl: string;
  organization: string;
  domain: string;
  recordName: string;
  recordValue: string;
}): MailContent {
  return compose('domain_lapsed', `${input.domain} is no longer verified for ${input.organization}`, [
    { text: 'Hello,' },
    {
      text: `The DNS record that showed ${input.organization} owns ${input.domain} is gone: ${input.recordName} no longer holds ${input.recordValue}.`,
    },
    {
      text: `Until it is verified again, ${input.domain} signs nobody in with single sign-on, and your identity provider cannot provision people with addresses there.`,
    },
    { text: `Publish the record again and press Verify under Domains in ${PRODUCT_NAME}: ${base(input.publicUrl)}` },
  ]);
}

/**
 * To an endpoint's admins when its deliveries failed for a day and it was paused: which address,
 * why the last try failed, how many events wait, and where to resume it.
 */
export function webhookPausedMail(input: {
  publicUrl: string;
  url: string;
  organization: string;
  reason: string;
  waiting: number;
  settingsPath: string;
}): MailContent {
  return compose('webhook_paused', `Webhook endpoint paused: ${input.url}`, [
    { text: 'Hello,' },
    {
      text: `${PRODUCT_NAME} could not deliver events to the webhook endpoint ${input.url} of ${input.organization} for a day, so it paused the endpoint. The last try failed: ${input.reason}.`,
    },
    {
      text: `${input.waiting === 1 ? 'One event waits' : `${input.waiting} events wait`} for it. Once the endpoint answers again, resume it in the console: the waiting events are then delivered in order, and the one that failed can be redelivered.`,
    },
    { link: `${base(input.publicUrl)}${input.settingsPath}`, label: 'Open the webhook settings' },
  ]);
}

/** Sample values of each template's placeholders, for the preview in Email settings. */
export const PREVIEW_VALUES: Record<EmailTemplateName, Record<string, string>> = {
  invitation: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', organization: 'Example Corporation' },
  reset: { email: 'ada@example.com' },
  enquiry_received: { firstName: 'Ada', companyName: 'Example Corporation' },
  enquiry_rejected: { firstName: 'Ada', companyName: 'Example Corporation', reason: 'We do not serve this region yet.' },
};

/** A template as its organisation's wording renders it with sample values (a token stands in for a real link). */
export function previewMail(template: EmailTemplateName, wording: Wording | undefined, publicUrl: string): MailContent {
  const values = PREVIEW_VALUES[template];
  const sample = { publicUrl, token: 'sample-token', email: values.email ?? 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
  switch (template) {
    case 'invitation':
      return invitationMail({ ...sample, organization: values.organization! }, wording);
    case 'reset':
      return resetMail(sample, wording);
    case 'enquiry_received':
      return enquiryReceivedMail({ firstName: 'Ada', companyName: values.companyName! }, wording);
    case 'enquiry_rejected':
      return enquiryRejectedMail({ firstName: 'Ada', companyName: values.companyName!, reason: values.reason! }, wording);
  }
}
