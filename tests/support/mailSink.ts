import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export type SunkMail = {
  to: string[];
  subject: string;
  /** The whole message, quoted-printable decoded: headers and every part. */
  text: string;
};

export type MailSink = {
  /** smtp://127.0.0.1:<port>, for startStack's smtpUrl. */
  url: string;
  received: SunkMail[];
  /** The first message (already received or still to come) to `to` that `match` accepts. */
  waitFor(to: string, match?: (mail: SunkMail) => boolean, timeoutMs?: number): Promise<SunkMail>;
  close(): Promise<void>;
};

/**
 * Undoes quoted-printable, which nodemailer uses for long lines: `=\r\n` soft breaks and `=XX`
 * bytes. Good enough for the ASCII mail of the tests (links, subjects, sentences).
 */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = Buffer.from(raw.replace(/=\r?\n/g, ''), 'latin1');
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const hex = bytes[i] === 0x3d ? bytes.toString('latin1', i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(bytes[i]!);
    }
  }
  return Buffer.from(out).toString('utf8');
}

/** Links in a mail that start with `prefix`, in order, without duplicates. */
export function linksIn(mail: SunkMail, prefix: string): string[] {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...new Set(mail.text.match(new RegExp(`${escaped}[^\\s"'<>]+`, 'g')) ?? [])];
}

/**
 * A real SMTP server that keeps what it is sent, for mail-following tests: on an ephemeral port,
 * or on `port` (a server that was down coming back where it was).
 */
export async function startMailSink(port = 0): Promise<MailSink> {
  const received: SunkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = decodeQuotedPrintable(Buffer.concat(chunks).toString('latin1'));
        const subject = /^Subject: (.*)$/m.exec(text)?.[1]?.trim() ?? '';
        received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject, text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${listening}`,
    received,
    async waitFor(to, match = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => m.to.includes(to.toLowerCase()) && match(m));
        if (mail) return mail;
        if (Date.now() > deadline)
          throw new Error(
            `no mail to ${to} within ${timeoutMs} ms (received: ${received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ')})`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
