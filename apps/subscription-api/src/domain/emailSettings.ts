import { EMAIL_TEMPLATES, TEMPLATE_PLACEHOLDERS, type EmailTemplateName, type SmtpSecurity } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import { wordingsOf, type WordingSource } from '#mail/delivery';
import type { AuditedRecord } from './audited';

export type EmailTemplateRecord = {
  Template: EmailTemplateName;
  Subject: string;
  Body: string;
  Source: WordingSource;
  Placeholders: string[];
};

export type EmailSettingsRecord = {
  ClientId: number;
  SenderName: string | null;
  ReplyTo: string | null;
  SmtpHost: string | null;
  SmtpPort: number | null;
  SmtpSecurity: SmtpSecurity;
  SmtpUsername: string | null;
  SmtpPasswordSet: boolean;
  SmtpFromAddress: string | null;
  UpdatedAt: string | null;
  Templates: EmailTemplateRecord[];
};

/** An organisation's email settings and the wording of each mail; defaults when it has set none. */
export async function settingsOf(db: Queryable, clientId: number, lock = false): Promise<EmailSettingsRecord> {
  const [row] = await db.query<Omit<EmailSettingsRecord, 'Templates'>>(
    `SELECT c.client_id AS "ClientId", e.sender_name AS "SenderName", e.reply_to AS "ReplyTo",
            e.smtp_host AS "SmtpHost", e.smtp_port AS "SmtpPort", coalesce(e.smtp_security, 'STARTTLS') AS "SmtpSecurity",
            e.smtp_username AS "SmtpUsername", e.smtp_password_sealed IS NOT NULL AS "SmtpPasswordSet",
            e.smtp_from_address AS "SmtpFromAddress", e.updated_at AS "UpdatedAt"
       FROM clients c LEFT JOIN email_settings e ON e.client_id = c.client_id
      WHERE c.client_id = $1${lock ? ' FOR UPDATE OF c' : ''}`,
    [clientId],
  );
  if (!row) throw new HttpError('NOT_FOUND', 'There is no such organization', 'ClientId');
  const wordings = await wordingsOf(db, clientId, EMAIL_TEMPLATES);
  const Templates = EMAIL_TEMPLATES.map((template): EmailTemplateRecord => ({
    Template: template,
    Subject: wordings[template].subject,
    Body: wordings[template].body,
    Source: wordings[template].source,
    Placeholders: [...TEMPLATE_PLACEHOLDERS[template]],
  }));
  return { ...row, Templates };
}

/** What the audit log keeps of the settings: never the password, only whether there is one. */
export const describedSettings = ({ Templates: _templates, UpdatedAt: _at, ClientId: _id, ...settings }: EmailSettingsRecord) => settings;

/** An organisation's email settings, as their changes are audited: each save, even when nothing changed. */
export const auditedEmailSettings: AuditedRecord<EmailSettingsRecord> = {
  entityType: 'organization',
  read: (tx, clientId, { lock }) => settingsOf(tx, clientId, lock),
  clientIdOf: (settings) => settings.ClientId,
  missing: ['There is no such organization', 'ClientId'],
  described: describedSettings,
};

/** The wording of one mail of an organisation, as its changes are audited. */
export const auditedTemplate = (template: EmailTemplateName): AuditedRecord<EmailSettingsRecord> => ({
  ...auditedEmailSettings,
  described: (settings) => {
    const { Subject, Body } = settings.Templates.find((t) => t.Template === template)!;
    return { Template: template, Subject, Body };
  },
});
