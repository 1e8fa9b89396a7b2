import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { Queryable, Row } from '../db/database';
import { createMailer } from './mailer';
import { resetMail } from './templates';

/** Records every statement and hands out mail ids, standing in for the database. */
function recordingDb() {
  const statements: { sql: string; params: readonly unknown[] }[] = [];
  const db: Queryable = {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      statements.push({ sql, params });
      return (sql.includes('INSERT INTO mail_outbox') ? [{ mail_id: statements.length }] : []) as unknown as T[];
    },
  };
  return { db, statements };
}

const content = resetMail({ publicUrl: 'http://localhost:4000', token: 'tok', email: 'ann@acme.local' });

describe('mailer without SMTP_URL', () => {
  it('keeps the mail in the outbox and prints its links', async () => {
    const { db, statements } = recordingDb();
    const lines: string[] = [];
    const mailer = createMailer(db, { publicUrl: 'http://localhost:4000', from: 'Yozy <no-reply@yozy.local>' }, (l) => lines.push(l));

    await mailer.send('ann@acme.local', content);
    await mailer.idle();

    const inserts = statements.filter((statement) => statement.sql.includes('INSERT INTO mail_outbox'));
    expect(inserts).toHaveLength(1);
    expect(inserts[0]!.params).toEqual([
      'ann@acme.local',
      content.subject,
      'reset',
      content.text,
      content.html,
      content.masked.text,
      content.masked.html,
      null,
    ]);
    expect(content.masked.text).toContain('http://localhost:4000/forgotpassword/••••••/ann%40acme.local');
    expect(statements.some((statement) => statement.sql.includes('sent_at'))).toBe(false);
    expect(lines.join('\n')).toContain('http://localhost:4000/forgotpassword/tok/ann%40acme.local');
  });
});

describe('mailer with SMTP_URL', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        if (to.includes('refused@acme.local')) return callback(new Error('Mailbox unavailable'));
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ from, to, data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  let smtpUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(resolve)));

  it('delivers both parts from MAIL_FROM after queueing, and records sent_at', async () => {
    const { db, statements } = recordingDb();
    const mailer = createMailer(db, { publicUrl: 'http://localhost:4000', from: 'Yozy Admin <no-reply@yozy.local>', smtpUrl }, () => {
      throw new Error('nothing is logged when mail goes out over SMTP');
    });

    const queued = await mailer.send('ann@acme.local', content);
    await mailer.idle();
    mailer.close();

    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@yozy.local', to: ['ann@acme.local'] });
    expect(received[0]!.data).toMatch(/Content-Type: text\/plain/);
    expect(received[0]!.data).toMatch(/Content-Type: text\/html/);
    expect(received[0]!.data).toContain('Subject: Reset your Yozy Admin password');
    const writes = statements.filter((s) => !s.sql.trimStart().startsWith('SELECT'));
    expect(writes.map((s) => s.sql)).toEqual([
      expect.stringContaining('INSERT INTO mail_outbox'),
      expect.stringContaining('SET sent_at = now()'),
    ]);
    expect(writes[1]!.params).toEqual([queued.mailId]);
  });

  it('records the error when the server refuses the mail', async () => {
    const { db, statements } = recordingDb();
    const mailer = createMailer(db, { publicUrl: 'http://localhost:4000', from: 'Yozy Admin <no-reply@yozy.local>', smtpUrl });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await mailer.send('refused@acme.local', content);
      await mailer.idle();
    } finally {
      console.error = original;
      mailer.close();
    }
    const failure = statements.find((s) => s.sql.includes('SET error = $2'));
    expect(String(failure?.params[1])).toMatch(/Mailbox unavailable/);
    expect(errors).toHaveLength(1);
  });
});
