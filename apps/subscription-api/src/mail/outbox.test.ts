import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#db/database';
import { openPostgresCopy, openTestDatabase } from '#testing/testDatabase';
import { TEST_DATABASE_KINDS } from '#testing/testDatabases';
import { insertIntoOutbox } from './outbox';
import { enquiryReceivedMail, invitationMail, resetMail, type MailContent } from './templates';

const MIGRATION = readFileSync(new URL('../../migrations/074_outbox_masked_links.sql', import.meta.url), 'utf8');
const PUBLIC_URL = 'https://console.example.com';

/** One mail of each kind, with tokens as the service makes them (base64url, 43 characters). */
const MAILS: [string, MailContent][] = [
  ['reset', resetMail({ publicUrl: PUBLIC_URL, token: 'reset_Token-0123456789abcdefghijklmnopqrstuvw', email: "o'neil+x@x.com" })],
  [
    'invitation',
    invitationMail({
      publicUrl: PUBLIC_URL,
      token: 'invite_Tok-0123456789abcdefghijklmnopqrstuvwx',
      email: 'eve@x.com',
      firstName: 'José <Eve>',
      lastName: '',
      organization: 'Acme & Sons',
    }),
  ],
  ['enquiry', enquiryReceivedMail({ firstName: 'Ada', companyName: 'Example Corporation' })],
];

describe.each(TEST_DATABASE_KINDS)('the outbox’s masked parts on %s', (kind) => {
  let db: Database;
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    if (kind === 'postgres') {
      const scratch = await openPostgresCopy('migrated');
      drop = scratch.drop;
      db = await openDatabase({ url: scratch.url });
    } else {
      db = await openTestDatabase('migrated');
    }
  });
  afterAll(async () => {
    await db?.close();
    await drop();
  });

  it('keeps each mail as sent and as the outbox shows it, its token hidden', async () => {
    for (const [, content] of MAILS) {
      const queued = await insertIntoOutbox(db, 'someone@x.com', content);
      const [row] = await db.query<Record<string, string>>(
        'SELECT text_body, html_body, masked_text_body, masked_html_body FROM mail_outbox WHERE mail_id = $1',
        [queued.mailId],
      );
      expect(row).toEqual({
        text_body: content.text,
        html_body: content.html,
        masked_text_body: content.masked.text,
        masked_html_body: content.masked.html,
      });
    }
  });

  it('gives mail written before the masked parts existed the same masked parts the service writes now', async () => {
    await db.exec('ALTER TABLE mail_outbox DROP COLUMN masked_text_body, DROP COLUMN masked_html_body');
    const ids = [];
    for (const [template, content] of MAILS) {
      const [row] = await db.query<{ mail_id: number }>(
        `INSERT INTO mail_outbox (to_address, subject, template, text_body, html_body) VALUES ('old@x.com', $1, $2, $3, $4) RETURNING mail_id`,
        [content.subject, template, content.text, content.html],
      );
      ids.push(row!.mail_id);
    }
    await db.exec(MIGRATION);
    const rows = await db.query<{ masked_text_body: string; masked_html_body: string }>(
      'SELECT masked_text_body, masked_html_body FROM mail_outbox WHERE mail_id = ANY($1::int[]) ORDER BY mail_id',
      [ids],
    );
    expect(rows).toEqual(MAILS.map(([, content]) => ({ masked_text_body: content.masked.text, masked_html_body: content.masked.html })));
  });
});
