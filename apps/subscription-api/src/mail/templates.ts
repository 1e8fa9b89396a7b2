import { TOKEN_VALIDITY_HOURS } from '@yozy/shared';

export type MailTemplate = 'reset' | 'invitation' | 'password_changed' | 'enquiry_rejected';

/** One mail before it has a recipient: both parts, and the links it carries (for the log). */
export type MailContent = {
  template: MailTemplate;
  subject: string;
  text: string;
  html: string;
  links: string[];
};

const PRODUCT_NAME = 'Yozy Admin';

/** Every interpolated value goes through this: names and emails are chosen by other people. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

// PUBLIC_URL is validated without a trailing slash; trimming again keeps a hand-built config safe.
const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** The reset screen of SPEC section 2: /forgotpassword/{token}/{email}. */
export function resetLink(publicUrl: string, token: string, email: string): string {
  return `${base(publicUrl)}/forgotpassword/${encodeURIComponent(token)}/${encodeURIComponent(email)}`;
}

/**
 * The set-password screen of SPEC section 2 plus the token of DESIGN section 2. FN and LN are the
 * specification's placeholders for a name not known yet; the screen shows them as empty.
 */
export function invitationLink(publicUrl: string, token: string, email: string, firstName: string, lastName: string): string {
  return `${base(publicUrl)}/setpassword/${encodeURIComponent(email)}/${encodeURIComponent(firstName || 'FN')}/${encodeURIComponent(lastName || 'LN')}?token=${encodeURIComponent(token)}`;
}

type Block = { text: string } | { link: string; label: string };

/** Builds both parts from the same blocks, so the plain-text part never says less than the HTML. */
function compose(template: MailTemplate, subject: string, blocks: Block[]): MailContent {
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
  return { template, subject, text: `${text}\n`, html, links: blocks.flatMap((b) => ('link' in b ? [b.link] : [])) };
}

export function resetMail(input: { publicUrl: string; token: string; email: string }): MailContent {
  return compose('reset', `Reset your ${PRODUCT_NAME} password`, [
    { text: 'Hello,' },
    { text: `We received a request to reset the password of the ${PRODUCT_NAME} account ${input.email}.` },
    { link: resetLink(input.publicUrl, input.token, input.email), label: 'Choose a new password' },
    { text: `This link is valid for ${TOKEN_VALIDITY_HOURS} hours and works once.` },
    { text: 'If you did not ask for this, you can ignore this mail: your password stays as it is.' },
  ]);
}

export function invitationMail(input: {
  publicUrl: string;
  token: string;
  email: string;
  firstName: string;
  lastName: string;
  organization: string;
}): MailContent {
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  return compose('invitation', `You are invited to ${PRODUCT_NAME}`, [
    { text: greeting },
    { text: `You have been invited to ${input.organization} on ${PRODUCT_NAME} as ${input.email}. Choose your password to start.` },
    { link: invitationLink(input.publicUrl, input.token, input.email, input.firstName, input.lastName), label: 'Set your password' },
    {
      text: `This link is valid for ${TOKEN_VALIDITY_HOURS} hours and works once. If it has expired, ask your administrator for a new invitation.`,
    },
  ]);
}

/** Sent after a reset. It carries no reset link: a mail like this is what phishing imitates. */
export function passwordChangedMail(input: { publicUrl: string; email: string; changedAt: Date }): MailContent {
  const when = `${input.changedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return compose('password_changed', `Your ${PRODUCT_NAME} password was changed`, [
    { text: 'Hello,' },
    {
      text: `The password of the ${PRODUCT_NAME} account ${input.email} was changed on ${when}. Every session of this account was signed out.`,
    },
    { text: `If this was you, there is nothing more to do. If it was not you, contact your administrator at once.` },
    { text: `${PRODUCT_NAME}: ${base(input.publicUrl)}` },
  ]);
}

/** Tells the person who asked to subscribe that the provider turned the enquiry down, and why. */
export function enquiryRejectedMail(input: { firstName: string; companyName: string; reason: string }): MailContent {
  return compose('enquiry_rejected', `Your ${PRODUCT_NAME} enquiry`, [
    { text: input.firstName ? `Hello ${input.firstName},` : 'Hello,' },
    { text: `Thank you for your interest in ${PRODUCT_NAME}. We are unable to accept the enquiry for ${input.companyName}.` },
    { text: `Reason: ${input.reason}` },
    { text: 'If you have questions, or your situation changes, you are welcome to reply or send a new enquiry.' },
  ]);
}
