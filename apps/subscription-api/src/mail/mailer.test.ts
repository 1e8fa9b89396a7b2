import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/database';
import { startSmtpServer, type TestSmtpServer } from '#testing/smtpServer';
import { openTestDatabase } from '#testing/testDatabase';
import { createMailer, type Mailer } from './mailer';
import { retryDelay } from './queue';
import { resetMail } from './templates';

const content = resetMail({ publicUrl: 'http://localhost:4000', token: 'tok', email: 'ann@acme.local' });
const FROM = 'Yozy Admin <no-reply@yozy.local>';

type OutboxRow = {
  sent_at: Date | null;
  failed_at: Date | null;
  error: string | null;
  attempts: number;
  next_attempt_at: Date | null;
  locked_until: Date | null;
  masked_text_body: string;
};

let db: Database;
let mailers: Mailer[] = [];
beforeAll(async () => {
  db = await openTestDatabase('migrated');
});
afterEach(async () => {
  for (const mailer of mailers) {
    await mailer.idle();
    mailer.close();
  }
  mailers = [];
});
afterAll(() => db.close());

const rowOf = async (mailId: number) => (await db.query<OutboxRow>('SELECT * FROM mail_outbox WHERE mail_id = $1', [mailId]))[0]!;

describe('mailer without SMTP_URL', () => {
  it('keeps the mail in the outbox, no longer due, and prints its links', async () => {
    const lines: string[] = [];
    const mailer = createMailer(db, { publicUrl: 'http://localhost:4000', from: FROM }, (l) => lines.push(l));
    mailers.push(mailer);

    const queued = await mailer.send('ann@acme.local', content);
    await mailer.idle();

    expect(await rowOf(queued.mailId)).toMatchObject({ sent_at: null, failed_at: null, error: null, attempts: 0, next_attempt_at: null });
    expect((await rowOf(queued.mailId)).masked_text_body).toContain('http://localhost:4000/forgotpassword/••••••/ann%40acme.local');
    expect(lines.join('\n')).toContain('http://localhost:4000/forgotpassword/tok/ann%40acme.local');
  });
});

describe('mailer with SMTP_URL', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: (to) => to === 'refused@acme.local' });
  });
  afterAll(() => smtp.stop());

  it('delivers both parts from MAIL_FROM after queueing, and records sent_at', async () => {
    const mailer = createMailer(db, { publicUrl: 'http://localhost:4000', from: FROM, smtpUrl: smtp.url }, () => {
      throw new Error('nothing is logged when mail goes out over SMTP');
    });
    mailers.push(mailer);

    const queued = await mailer.send('ann@acme.local', content);
    await mailer.idle();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'no-reply@yozy.local', to: ['ann@acme.local'] });
    expect(smtp.received[0]!.data).toMatch(/Content-Type: text\/plain/);
    expect(smtp.received[0]!.data).toMatch(/Content-Type: text\/html/);
    expect(smtp.received[0]!.data).toContain('Subject: Reset your Yozy Admin password');
    // The mail goes out with its real link (the outbox shows it hidden); quoted-printable breaks long lines.
    expect(smtp.received[0]!.data.replace(/=\r?\n/g, '')).toContain('http://localhost:4000/forgotpassword/tok/ann%40acme.local');
    const row = await rowOf(queued.mailId);
    expect(row).toMatchObject({ error: null, attempts: 1, next_attempt_at: null, locked_until: null, failed_at: null });
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it('keeps a mail the server refuses for another try later, with the reason, and logs it without the recipient', async () => {
    const mailer = createMailer(db, { publicUrl: 'http://localhost:4000', from: FROM, smtpUrl: smtp.url });
    mailers.push(mailer);
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const queued = await mailer.send('refused@acme.local', content);
      await mailer.idle();
      const row = await rowOf(queued.mailId);
      expect(row).toMatchObject({ sent_at: null, failed_at: null, attempts: 1, locked_until: null });
      expect(row.error).toMatch(/Mailbox unavailable/);
      // The first wait is 30 s, give or take a fifth.
      const wait = row.next_attempt_at!.getTime() - Date.now();
      expect(wait).toBeGreaterThan(20_000);
      expect(wait).toBeLessThan(37_000);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/was not sent: .*Mailbox unavailable.*; try 2 at/);
    expect(String(errors[0])).not.toContain('refused@acme.local');
  });
});

describe('retryDelay', () => {
  const options = { retryFirstMs: 30_000, retryMaxMs: 3_600_000 };

  it('doubles from 30 s, spread by a fifth either way, never past an hour', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 7, 8, 30, 1000].map((attempt) => retryDelay(attempt, options, middle))).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    expect(retryDelay(1, options, () => 0)).toBe(24_000);
    expect(retryDelay(1, options, () => 0.999_999)).toBe(36_000);
    expect(retryDelay(8, options, () => 0)).toBe(3_072_000);
    expect(retryDelay(20, options, () => 0.999_999)).toBe(3_600_000);
  });
});
