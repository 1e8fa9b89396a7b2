import { z } from 'zod';
import {
  EMAIL_SETTINGS_REST_FIELDS,
  EMAIL_TEMPLATE_REST_FIELDS,
  EMAIL_TEMPLATES,
  emailSettingsInput,
  emailTemplateInput,
  placeholderIssues,
  restSchema,
  SMTP_SECURITY,
  smtpServerIssues,
} from '@yozy/shared';
import { auditedEmailSettings, auditedTemplate, settingsOf } from '#domain/emailSettings';
import { auditIn, auditScope, changeAudited, lockAudited } from '#domain/audited';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { clientIdBody, clientIdQuery, targetOrganization } from '#http/scope';
import { smtpPasswordContext } from '#mail/delivery';
import { previewMail, testMail } from '#mail/templates';
import { privateHostRefusal } from '#security/outboundAddress';
import { route, type Services } from '#http/route';
import { BAD_CLIENT_ID, NO_SUCH_ORGANISATION, refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';
import { emitSettingsChange } from '#webhooks/events';

export const EMAIL_SETTINGS_PATH = '/subscription_email_settings';
export const EMAIL_TEMPLATES_PATH = '/subscription_email_templates';

export const emailSettingsQuery = z.object({ ClientId: clientIdQuery() });
/** PATCH: every setting under the provider's names; SmtpPassword left out or empty keeps the stored one. */
export const emailSettingsBody = requestSchema(
  'EmailSettingsChange',
  restSchema(emailSettingsInput, EMAIL_SETTINGS_REST_FIELDS)
    .extend({ ClientId: clientIdBody() })
    .superRefine((body, ctx) => {
      const issues = smtpServerIssues({ smtpHost: body.SmtpHost, smtpPort: body.SmtpPort, smtpFromAddress: body.SmtpFromAddress });
      for (const { path, message } of issues) ctx.addIssue({ code: 'custom', path: [EMAIL_SETTINGS_REST_FIELDS[path[0]]], message });
    }),
);
export const emailTestBody = requestSchema('EmailTestRequest', z.strictObject({ ClientId: clientIdBody() }));
/** PUT: one mail's wording, and its preview (POST …/preview) before saving. */
export const emailTemplateBody = requestSchema(
  'EmailTemplateChange',
  restSchema(emailTemplateInput, EMAIL_TEMPLATE_REST_FIELDS)
    .extend({ ClientId: clientIdBody() })
    .superRefine((body, ctx) => {
      for (const { path, message } of placeholderIssues({ template: body.Template, subject: body.Subject, body: body.Body })) {
        ctx.addIssue({ code: 'custom', path: [EMAIL_TEMPLATE_REST_FIELDS[path[0]]], message });
      }
    }),
);
export const emailTemplateResetBody = requestSchema(
  'EmailTemplateReset',
  z.strictObject({
    ClientId: clientIdBody(),
    Template: z.enum(EMAIL_TEMPLATES, { error: 'Choose the mail to word' }),
  }),
);

/** An organisation's own mail server must be on the public internet; the provider's may be anywhere. */
async function refusePrivateServer({ db, allowPrivateNetwork }: Services, clientId: number, host: string) {
  const [client] = await db.query<{ is_provider: boolean }>('SELECT is_provider FROM clients WHERE client_id = $1', [clientId]);
  const refusal = client?.is_provider ? null : await privateHostRefusal(host, { allowPrivateNetwork });
  if (refusal) throw new HttpError('BAD_REQUEST', refusal, 'SmtpHost');
}

const emailTemplateRecord = z.strictObject({
  Template: z.enum(EMAIL_TEMPLATES),
  Subject: z.string(),
  Body: z.string().meta({ description: 'The text before the link, paragraphs a blank line apart, with {{placeholders}}' }),
  Source: z
    .enum(['OWN', 'PROVIDER', 'DEFAULT'])
    .meta({ description: 'The organization’s own wording, the provider’s for everyone, or the default' }),
  Placeholders: z.array(z.string()).meta({ description: 'The {{names}} this mail may use' }),
});

const emailSettingsRecord = answerSchema(
  'EmailSettings',
  z.strictObject({
    ClientId: z.int(),
    SenderName: z.string().nullable(),
    ReplyTo: z.string().nullable(),
    SmtpHost: z.string().nullable().meta({ description: 'The organization’s own server; null: the provider’s, else the service’s' }),
    SmtpPort: z.int().nullable(),
    SmtpSecurity: z.enum(SMTP_SECURITY),
    SmtpUsername: z.string().nullable(),
    SmtpPasswordSet: z.boolean().meta({ description: 'Whether a password is stored; it is never answered' }),
    SmtpFromAddress: z.string().nullable(),
    UpdatedAt: z.string().nullable(),
    Templates: z.array(emailTemplateRecord),
  }),
);

const emailTestRecord = answerSchema(
  'EmailTestSent',
  z.strictObject({
    SentTo: z.string(),
    /** The server that took the mail; null when none is set. */
    Server: z.string().nullable(),
    /** No mail server is set: the mail is in the outbox, as all mail is then. */
    KeptInOutbox: z.boolean(),
  }),
);

const emailPreviewRecord = answerSchema('EmailPreview', z.strictObject({ Subject: z.string(), Text: z.string(), Html: z.string() }));

/**
 * Email settings of an organisation, read and changed by its admins and by the provider's
 * SuperAdmins (the provider's own are everyone's defaults): sender, reply-to, an SMTP server of its
 * own with a test mail, and its wording of the mails, with a preview.
 */
export const emailSettingsRoutes = [
  route(
    {
      method: 'get',
      path: EMAIL_SETTINGS_PATH,
      access: 'admin',
      operationId: 'getEmailSettings',
      tag: 'Organizations',
      summary: "An organization's email settings and the wording of each mail: its admins' own, any for a SuperAdmin",
      query: emailSettingsQuery,
      responses: {
        200: { description: 'The settings (the defaults when none were saved); never the SMTP password', body: emailSettingsRecord },
        400: BAD_CLIENT_ID,
        404: NO_SUCH_ORGANISATION,
      },
    },
    async (req, res, { db }) => {
      const { ClientId } = parseBody(emailSettingsQuery, req.query);
      res.json(await settingsOf(db, targetOrganization(viewerOf(res), ClientId)));
    },
  ),

  route(
    {
      method: 'patch',
      path: EMAIL_SETTINGS_PATH,
      access: 'admin',
      operationId: 'updateEmailSettings',
      tag: 'Organizations',
      summary: 'Changes the sender, reply-to and own SMTP server (the password sealed at rest; left out, the stored one stays); audited',
      body: emailSettingsBody,
      responses: {
        200: { description: 'The settings as saved', body: emailSettingsRecord },
        400: refused('BAD_REQUEST: a setting breaks its rule (the field names it)'),
        404: NO_SUCH_ORGANISATION,
      },
    },
    async (req, res, services) => {
      const { db, secretBox } = services;
      const { ClientId, SmtpPassword, ...settings } = parseBody(emailSettingsBody, req.body);
      const clientId = targetOrganization(viewerOf(res), ClientId);
      if (settings.SmtpHost !== null) await refusePrivateServer(services, clientId, settings.SmtpHost);
      const hasServer = settings.SmtpHost !== null;
      const saved = await db.transaction(async (tx) => {
        const { after, audited } = await changeAudited(tx, auditScope(req, res, clientId), auditedEmailSettings, clientId, {
          action: 'organization.email_settings_change',
          always: true,
          write: async () => {
            // A new password replaces the stored one; none keeps it; no server keeps none.
            const sealed = !hasServer ? null : SmtpPassword ? secretBox.seal(SmtpPassword, smtpPasswordContext(clientId)) : undefined;
            await tx.query(
              `INSERT INTO email_settings (client_id, sender_name, reply_to, smtp_host, smtp_port, smtp_security, smtp_username,
                                         smtp_password_sealed, smtp_from_address, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
             ON CONFLICT (client_id) DO UPDATE
               SET sender_name = $2, reply_to = $3, smtp_host = $4, smtp_port = $5, smtp_security = $6, smtp_username = $7,
                   smtp_password_sealed = CASE WHEN $10::boolean THEN email_settings.smtp_password_sealed ELSE $8 END,
                   smtp_from_address = $9, updated_at = now()`,
              [
                clientId,
                settings.SenderName,
                settings.ReplyTo,
                hasServer ? settings.SmtpHost : null,
                hasServer ? settings.SmtpPort : null,
                settings.SmtpSecurity,
                hasServer ? settings.SmtpUsername : null,
                sealed ?? null,
                hasServer ? settings.SmtpFromAddress : null,
                sealed === undefined,
              ],
            );
            if (SmtpPassword && hasServer) return { SmtpPasswordChanged: true };
          },
        });
        await emitSettingsChange(tx, clientId, 'EMAIL', Object.keys(audited!.after));
        return after!;
      });
      res.json(saved);
    },
  ),

  route(
    {
      method: 'post',
      path: `${EMAIL_SETTINGS_PATH}/test`,
      access: 'admin',
      operationId: 'sendTestMail',
      tag: 'Organizations',
      summary:
        'Sends a test mail to the caller through the organization’s mail server as its saved settings say, and waits for the answer; with no mail server set, keeps it in the outbox as all mail is then',
      body: emailTestBody,
      responses: {
        200: {
          description: 'The server took the mail (Server names it), or no mail server is set and it is in the outbox (KeptInOutbox)',
          body: emailTestRecord,
        },
        400: refused('BAD_REQUEST (field SmtpHost): the server could not be reached or refused the mail, with its reason'),
        404: NO_SUCH_ORGANISATION,
      },
    },
    async (req, res, { db, mailer }) => {
      const viewer = viewerOf(res);
      const clientId = targetOrganization(viewer, parseBody(emailTestBody, req.body).ClientId);
      const [who] = await db.query<{ email: string; company_name: string }>(
        'SELECT u.email, c.company_name FROM client_users u, clients c WHERE u.user_id = $1 AND c.client_id = $2',
        [viewer.userId, clientId],
      );
      if (!who) throw new HttpError('NOT_FOUND', 'There is no such organization', 'ClientId');
      try {
        const { server } = await mailer.sendNow(
          clientId,
          who.email,
          testMail({ organization: who.company_name, server: 'its mail server' }),
        );
        res.json({ SentTo: who.email, Server: server, KeptInOutbox: server === null });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new HttpError('BAD_REQUEST', `The test mail was not sent: ${reason}`, 'SmtpHost');
      }
    },
  ),

  route(
    {
      method: 'patch',
      path: EMAIL_TEMPLATES_PATH,
      access: 'admin',
      operationId: 'updateEmailTemplate',
      tag: 'Organizations',
      summary: 'Words one mail the organization’s way (the provider’s wording is everyone’s default); audited',
      body: emailTemplateBody,
      responses: {
        200: { description: 'The settings with the new wording', body: emailSettingsRecord },
        400: refused('BAD_REQUEST naming the field: missing, too long, or a {{placeholder}} the mail does not have'),
        404: NO_SUCH_ORGANISATION,
      },
    },
    async (req, res, { db }) => {
      const { ClientId, Template, Subject, Body } = parseBody(emailTemplateBody, req.body);
      const clientId = targetOrganization(viewerOf(res), ClientId);
      const saved = await db.transaction(async (tx) => {
        await changeAudited(tx, auditScope(req, res, clientId), auditedTemplate(Template), clientId, {
          action: 'organization.email_template_change',
          always: true,
          planned: () => ({ Template, Subject, Body }),
          write: async () => {
            await tx.query(
              `INSERT INTO mail_templates (client_id, template, subject, body) VALUES ($1, $2, $3, $4)
             ON CONFLICT (client_id, template) DO UPDATE SET subject = $3, body = $4, updated_at = now()`,
              [clientId, Template, Subject, Body],
            );
          },
        });
        return settingsOf(tx, clientId);
      });
      res.json(saved);
    },
  ),

  route(
    {
      method: 'post',
      path: `${EMAIL_TEMPLATES_PATH}/reset`,
      access: 'admin',
      operationId: 'resetEmailTemplate',
      tag: 'Organizations',
      summary: 'Goes back to the provider’s or the default wording of one mail; audited',
      body: emailTemplateResetBody,
      responses: {
        200: { description: 'The settings with the wording it goes back to', body: emailSettingsRecord },
        400: refused('BAD_REQUEST: an unknown template'),
        404: NO_SUCH_ORGANISATION,
      },
    },
    async (req, res, { db }) => {
      const { ClientId, Template } = parseBody(emailTemplateResetBody, req.body);
      const clientId = targetOrganization(viewerOf(res), ClientId);
      const saved = await db.transaction(async (tx) => {
        const { scope } = await lockAudited(tx, auditScope(req, res, clientId), auditedEmailSettings, clientId);
        const removed = await tx.query<{ subject: string; body: string }>(
          'DELETE FROM mail_templates WHERE client_id = $1 AND template = $2 RETURNING subject, body',
          [clientId, Template],
        );
        if (removed[0]) {
          await auditIn(tx, scope, {
            action: 'organization.email_template_reset',
            entityType: 'organization',
            entityId: clientId,
            before: { Template, Subject: removed[0].subject, Body: removed[0].body },
          });
        }
        return settingsOf(tx, clientId);
      });
      res.json(saved);
    },
  ),

  route(
    {
      method: 'post',
      path: `${EMAIL_TEMPLATES_PATH}/preview`,
      access: 'admin',
      operationId: 'previewEmailTemplate',
      tag: 'Organizations',
      summary: 'Renders a wording with sample values, without saving it',
      body: emailTemplateBody,
      responses: {
        200: { description: 'The mail as it would be sent', body: emailPreviewRecord },
        400: refused('BAD_REQUEST naming the field: missing, too long, or a {{placeholder}} the mail does not have'),
      },
    },
    async (req, res, { mailer }) => {
      const { ClientId, Template, Subject, Body } = parseBody(emailTemplateBody, req.body);
      targetOrganization(viewerOf(res), ClientId);
      const mail = previewMail(Template, { subject: Subject, body: Body }, mailer.publicUrl);
      res.json({ Subject: mail.subject, Text: mail.text, Html: mail.html });
    },
  ),
];
