import { z } from 'zod';
import { recordId } from '@yozy/shared';
import { auditIn, auditScope } from '#domain/audited';
import { HttpError } from '#http/errors';
import { parseBody } from '#http/errors';
import { recordById, recordIdOf, recordQuery, type ResourceDefinition, recordOf } from '#http/resource';
import { listRoute, route } from '#http/route';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

export const OUTBOX_PATH = '/platform/outbox';
export const OUTBOX_CONTENT_PATH = '/platform/outbox_content';
export const OUTBOX_RETRY_PATH = '/platform/outbox/retry';

/**
 * What became of a mail: a server took it (SENT); it waits for its first try (QUEUED) or, refused
 * or unanswered, to be tried again (RETRYING); it was given up after a day of tries (FAILED); or it
 * stays in the outbox because no mail server is set (KEPT).
 */
export const MAIL_STATUSES = ['QUEUED', 'RETRYING', 'SENT', 'FAILED', 'KEPT'] as const;
const STATUS_SQL = `CASE WHEN m.sent_at IS NOT NULL THEN 'SENT' WHEN m.failed_at IS NOT NULL THEN 'FAILED'
  WHEN m.next_attempt_at IS NULL THEN 'KEPT' WHEN m.attempts > 0 THEN 'RETRYING' ELSE 'QUEUED' END`;
export const outboxContentQuery = recordQuery('MailId');

/**
 * Every mail the service has written, newest first: to whom, what, whose, and what became of it
 * (MAIL_STATUSES), with its tries, when it is tried next and the last server's reason. Not what it
 * says: that is read one mail at a time, audited.
 */
export const outboxFields = {
  MailId: { sql: 'm.mail_id', type: 'int' },
  ToAddress: { sql: 'm.to_address', type: 'text', searchable: true },
  Subject: { sql: 'm.subject', type: 'text', searchable: true },
  Template: { sql: 'm.template', type: 'text' },
  ClientId: { sql: 'm.client_id', type: 'int' },
  CompanyName: { sql: '(SELECT c.company_name FROM clients c WHERE c.client_id = m.client_id)', type: 'text' },
  Status: { sql: STATUS_SQL, type: 'text' },
  Error: { sql: 'm.error', type: 'text' },
  Attempts: { sql: 'm.attempts', type: 'int' },
  NextAttemptAt: { sql: 'm.next_attempt_at', type: 'timestamp' },
  CreatedAt: { sql: 'm.created_at', type: 'timestamp', sort: { index: 'mail_outbox_created_sort_idx' } },
  SentAt: { sql: 'm.sent_at', type: 'timestamp' },
} satisfies ResourceDefinition['fields'];

export const outbox: ResourceDefinition = { from: 'mail_outbox m', fields: outboxFields, tieBreaker: 'm.mail_id' };

export const outboxRecord = answerSchema(
  'OutboxMail',
  recordOf(outboxFields, ['ClientId', 'CompanyName', 'Error', 'NextAttemptAt', 'SentAt']),
);
export const outboxRetryBody = requestSchema('OutboxRetry', z.strictObject({ MailId: recordId('Choose the mail to send again') }));
export const outboxContentRecord = answerSchema(
  'OutboxMailContent',
  z.strictObject({
    MailId: z.int(),
    TextBody: z
      .string()
      .meta({ description: 'The plain-text part as sent, the token of each reset, invitation and set-password link hidden' }),
    HtmlBody: z.string().meta({ description: 'The HTML part as sent, tokens hidden the same way: show it in a sandboxed frame' }),
  }),
);

/** The outbox, for the provider's SuperAdmins only. */
export const platformOutboxRoutes = [
  listRoute({
    path: OUTBOX_PATH,
    access: 'superAdmin',
    operationId: 'listOutbox',
    tag: 'Platform',
    summary:
      'Every mail written, newest first: recipient, subject, whose, and whether it is queued, being retried, sent, given up or kept (not its text)',
    resource: outbox,
    rows: 'Outbox',
    record: outboxRecord,
  }),

  // What one mail says, as sent but with the token of each reset, invitation and set-password link
  // hidden: nobody takes over an account from the outbox, and resending the mail is how a person
  // gets a fresh link. A SuperAdmin in person only, never an API key; every reading is in the
  // audit log, the organisation's own log for its mail.
  route(
    {
      method: 'get',
      path: OUTBOX_CONTENT_PATH,
      access: 'superAdminInPerson',
      operationId: 'readOutboxMail',
      tag: 'Platform',
      summary:
        'What one mail says, as sent but with the token of each reset, invitation and set-password link hidden; every reading is audited (mail.read)',
      description: 'For a SuperAdmin signed in as a person, never an API key. Resending the mail is how its person gets a working link.',
      query: outboxContentQuery,
      responses: {
        200: { description: 'The mail’s text and HTML, tokens hidden', body: outboxContentRecord },
        400: refused('BAD_REQUEST: the mail is not named as MailId=eq.<id>'),
        403: refused('FORBIDDEN: not a SuperAdmin, or an API key'),
        404: refused('NOT_FOUND: no such mail'),
      },
    },
    async (req, res, { db }) => {
      const mailId = recordIdOf(outboxContentQuery, 'MailId', req);
      const content = await db.transaction(async (tx) => {
        const [mail] = await tx.query<{
          MailId: number;
          TextBody: string;
          HtmlBody: string;
          client_id: number | null;
          to_address: string;
          template: string;
        }>(
          `SELECT mail_id AS "MailId", masked_text_body AS "TextBody", masked_html_body AS "HtmlBody", client_id, to_address, template
           FROM mail_outbox WHERE mail_id = $1`,
          [mailId],
        );
        if (!mail) throw new HttpError('NOT_FOUND', 'There is no such mail', 'MailId');
        await auditIn(tx, auditScope(req, res, mail.client_id), {
          action: 'mail.read',
          entityType: 'mail',
          entityId: mailId,
          after: { To: mail.to_address, Template: mail.template },
        });
        return { MailId: mail.MailId, TextBody: mail.TextBody, HtmlBody: mail.HtmlBody };
      });
      res.json(content);
    },
  ),

  // A mail given up after its day of tries goes back into the queue for another day, due at once:
  // for when the server's trouble is over. A SuperAdmin in person only; audited.
  route(
    {
      method: 'post',
      path: OUTBOX_RETRY_PATH,
      access: 'superAdminInPerson',
      operationId: 'retryOutboxMail',
      tag: 'Platform',
      summary: 'Sends a mail that was given up again: it is queued for another day of tries, the first at once; audited (mail.retry)',
      description: 'For a SuperAdmin signed in as a person, never an API key. Only a mail whose status is FAILED.',
      body: outboxRetryBody,
      responses: {
        200: { description: 'The mail, queued again', body: outboxRecord },
        400: refused('BAD_REQUEST: MailId missing or not a whole number'),
        403: refused('FORBIDDEN: not a SuperAdmin, or an API key'),
        404: refused('NOT_FOUND (field MailId): no such mail'),
        409: refused('CONFLICT (field MailId): the mail was not given up (it is sent, queued, being retried or kept)'),
      },
    },
    async (req, res, { db, mailer }) => {
      const { MailId: mailId } = parseBody(outboxRetryBody, req.body);
      const mail = await db.transaction(async (tx) => {
        const before = await recordById<OutboxRow>(tx, outbox, 'm.mail_id', mailId, 'm');
        if (!before) throw new HttpError('NOT_FOUND', 'There is no such mail', 'MailId');
        if (before.Status !== 'FAILED') throw new HttpError('CONFLICT', 'Only a mail that was given up can be sent again', 'MailId');
        await tx.query(
          'UPDATE mail_outbox SET failed_at = NULL, queued_at = now(), next_attempt_at = now(), locked_until = NULL WHERE mail_id = $1',
          [mailId],
        );
        const after = (await recordById<OutboxRow>(tx, outbox, 'm.mail_id', mailId))!;
        await auditIn(tx, auditScope(req, res, before.ClientId), {
          action: 'mail.retry',
          entityType: 'mail',
          entityId: mailId,
          before: { To: before.ToAddress, Template: before.Template, Status: before.Status, Error: before.Error },
          after: { To: after.ToAddress, Template: after.Template, Status: after.Status, Error: after.Error },
        });
        return after;
      });
      mailer.dispatch({ mailId });
      res.json(mail);
    },
  ),
];

type OutboxRow = {
  ToAddress: string;
  Template: string;
  ClientId: number | null;
  Status: (typeof MAIL_STATUSES)[number];
  Error: string | null;
};
