import { Router } from 'express';
import type { Database } from '../../db/database';
import { viewerOf } from '../../http/auth';
import { listResource, type ResourceDefinition } from '../../http/resource';
import { requireSuperAdmin } from './access';

export const OUTBOX_PATH = '/platform/outbox';

/**
 * Every mail the service has written, newest first: to whom, what, whose, and whether it went out
 * (sent, refused with the server's reason, or kept because no server is set). With no mail server,
 * this is where the provider reads the mail, links included.
 */
export const outboxFields = {
  MailId: { sql: 'm.mail_id', type: 'int' },
  ToAddress: { sql: 'm.to_address', type: 'text', searchable: true },
  Subject: { sql: 'm.subject', type: 'text', searchable: true },
  Template: { sql: 'm.template', type: 'text' },
  ClientId: { sql: 'm.client_id', type: 'int' },
  CompanyName: { sql: '(SELECT c.company_name FROM clients c WHERE c.client_id = m.client_id)', type: 'text' },
  Status: { sql: "CASE WHEN m.sent_at IS NOT NULL THEN 'SENT' WHEN m.error IS NOT NULL THEN 'FAILED' ELSE 'KEPT' END", type: 'text' },
  Error: { sql: 'm.error', type: 'text' },
  TextBody: { sql: 'm.text_body', type: 'text' },
  HtmlBody: { sql: 'm.html_body', type: 'text' },
  CreatedAt: { sql: 'm.created_at', type: 'timestamp', sort: { index: 'mail_outbox_created_sort_idx' } },
  SentAt: { sql: 'm.sent_at', type: 'timestamp' },
} satisfies ResourceDefinition['fields'];

export const outbox: ResourceDefinition = { from: 'mail_outbox m', fields: outboxFields, tieBreaker: 'm.mail_id' };

/** The outbox, for the provider's SuperAdmins only. */
export function platformOutboxRoutes(db: Database): Router {
  const router = Router();
  router.get(OUTBOX_PATH, requireSuperAdmin, async (req, res) => {
    res.json(await listResource(db, outbox, req, res, viewerOf(res)));
  });
  return router;
}
