import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the test SMTP server received it. */
export type ReceivedMail = { from: string; to: string[]; data: string };

export type TestSmtpServer = {
  /** smtp://127.0.0.1:<port>; the same address after a stop and a start. */
  url: string;
  received: ReceivedMail[];
  /** Stops listening: mail sent meanwhile finds nobody there. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
};

/**
 * A real SMTP server on this machine for the mail tests, which can be stopped and started again
 * on its port, as a mail server that goes down and comes back. `refuse` answers a permanent
 * refusal (550) for the recipients it names.
 */
export async function startSmtpServer({ refuse = () => false }: { refuse?: (to: string) => boolean } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let server = create();
  let port = 0;

  function create() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (!refuse(address.address)) return callback();
        const refusal = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(refusal);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
  }
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen();
  port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async start() {
      server = create();
      await listen();
    },
  };
}
