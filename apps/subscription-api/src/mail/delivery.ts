import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailTemplateName, SmtpSecurity } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { reachableAddress, type OutboundPolicy } from '#security/outboundAddress';
import type { SecretBox } from '#security/secretBox';
import { DEFAULT_WORDING, type Wording } from './templates';

/** An organisation's own SMTP server, with its password opened. */
export type SmtpServer = {
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string | null;
  password: string | null;
  fromAddress: string;
  /** The provider's own server (Platform Settings): its operator's, so it may be on their private network. */
  providers: boolean;
};

/** How one organisation's mail goes out: its sender name and reply-to, and its server if it has one. */
export type Delivery = { senderName: string | null; replyTo: string | null; server: SmtpServer | null };

/** What seals an SMTP password: the column, and the organisation it belongs to. */
export const smtpPasswordContext = (clientId: number) => `smtp_password:${clientId}`;

type SettingsRow = {
  client_id: number;
  is_provider: boolean;
  sender_name: string | null;
  reply_to: string | null;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_security: SmtpSecurity;
  smtp_username: string | null;
  smtp_password_sealed: string | null;
  smtp_from_address: string | null;
};

/**
 * The delivery of an organisation's mail: each of its own settings, else the provider's (the
 * platform's defaults), else none (the service's SMTP_URL and MAIL_FROM). A mail of nobody's
 * (`clientId` null) goes out as the provider's.
 */
export async function deliveryOf(db: Queryable, clientId: number | null, secretBox: SecretBox | null): Promise<Delivery> {
  const rows = await db.query<SettingsRow>(
    `SELECT e.*, c.is_provider FROM email_settings e JOIN clients c ON c.client_id = e.client_id
      WHERE e.client_id = $1 OR c.is_provider ORDER BY c.is_provider, e.client_id`,
    [clientId],
  );
  const own = rows.find((row) => row.client_id === clientId);
  const provider = rows.find((row) => row.is_provider);
  const withServer = [own, provider].find((row) => row?.smtp_host);
  return {
    senderName: own?.sender_name ?? provider?.sender_name ?? null,
    replyTo: own?.reply_to ?? provider?.reply_to ?? null,
    server: withServer ? serverOf(withServer, secretBox) : null,
  };
}

function serverOf(row: SettingsRow, secretBox: SecretBox | null): SmtpServer {
  let password: string | null = null;
  if (row.smtp_password_sealed) {
    if (!secretBox) throw new Error('The SMTP password cannot be opened: the mailer has no SECRET_KEY');
    password = secretBox.open(row.smtp_password_sealed, smtpPasswordContext(row.client_id));
  }
  return {
    host: row.smtp_host!,
    port: row.smtp_port!,
    security: row.smtp_security,
    username: row.smtp_username,
    password,
    fromAddress: row.smtp_from_address!,
    providers: row.is_provider,
  };
}

/** Timeouts short enough that a slow or unreachable server cannot keep a delivery hanging for minutes. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * A transport to an organisation's own server, secured as its settings say. An organisation's
 * server must be on the internet (unless the policy allows private networks): the transport goes
 * to the address checked, and TLS still checks the certificate against the name.
 */
export async function transportTo(server: SmtpServer, policy: OutboundPolicy): Promise<Transporter> {
  const host = server.providers ? server.host : await reachableAddress(server.host, policy);
  return nodemailer.createTransport({
    host,
    ...(host !== server.host ? { tls: { servername: server.host } } : {}),
    port: server.port,
    secure: server.security === 'TLS',
    requireTLS: server.security === 'STARTTLS',
    ignoreTLS: server.security === 'NONE',
    auth: server.username ? { user: server.username, pass: server.password ?? '' } : undefined,
    ...SMTP_TIMEOUTS,
  });
}

/** The address part of a `Name <address>` sender, or the whole of a bare address. */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/** Whose wording a mail has: the organisation's own, the provider's (everyone's default), or the service's. */
export type WordingSource = 'OWN' | 'PROVIDER' | 'DEFAULT';

/**
 * The wording of each of `templates` as an organisation's mail has it: its own, else the
 * provider's (the platform's), else the default, saying which. A mail of nobody's (`clientId`
 * null) takes the provider's.
 */
export async function wordingsOf<Template extends EmailTemplateName>(
  db: Queryable,
  clientId: number | null,
  templates: readonly Template[],
): Promise<Record<Template, Wording & { source: WordingSource }>> {
  const rows = await db.query<{ template: Template; subject: string; body: string; own: boolean | null }>(
    `SELECT t.template, t.subject, t.body, t.client_id = $1 AS own
       FROM mail_templates t JOIN clients c ON c.client_id = t.client_id
      WHERE t.template = ANY($2::text[]) AND (t.client_id = $1 OR c.is_provider)`,
    [clientId, templates],
  );
  const chosen = (template: Template) => {
    const own = rows.find((row) => row.template === template && row.own);
    const provider = rows.find((row) => row.template === template && !row.own);
    const row = own ?? provider;
    const source: WordingSource = own ? 'OWN' : provider ? 'PROVIDER' : 'DEFAULT';
    return { ...(row ? { subject: row.subject, body: row.body } : DEFAULT_WORDING[template]), source };
  };
  return Object.fromEntries(templates.map((template) => [template, chosen(template)])) as Record<
    Template,
    Wording & { source: WordingSource }
  >;
}

/** The wording of one mail an organisation sends (see `wordingsOf`). */
export async function wordingOf(db: Queryable, clientId: number | null, template: EmailTemplateName): Promise<Wording> {
  return (await wordingsOf(db, clientId, [template]))[template];
}
