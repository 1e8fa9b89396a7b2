import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

/** The answer code for a name that does not exist (RFC 1035). */
const NXDOMAIN = 3;

/** A DNS server on loopback whose TXT records a test sets, for domain verification. */
export type DnsServer = {
  /** `127.0.0.1:<port>`, as DNS_SERVERS takes it. */
  address: string;
  /** Publishes (or, with no values, removes) the TXT record of a name. */
  setTxt(name: string, values: string[]): void;
  /** How many questions it has answered: a test can tell that DNS was asked. */
  readonly questions: number;
  close(): Promise<void>;
};

/**
 * A real DNS server (`dns2`, over UDP) answering TXT questions from a table: a name it does not
 * know gets NXDOMAIN, as from the internet.
 */
export async function startDnsServer(): Promise<DnsServer> {
  const { Packet } = dns2;
  const records = new Map<string, string[]>();
  let questions = 0;
  const server = dns2.createUDPServer((request, send) => {
    questions++;
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const values = question ? records.get(question.name.toLowerCase()) : undefined;
    if (!question || !values) {
      response.header.rcode = NXDOMAIN;
    } else if (question.type === Packet.TYPE.TXT) {
      for (const value of values)
        response.answers.push(
          Packet.createResourceFromQuestion(question, {
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 1,
            data: value,
          } as Partial<dns2.Packet.Resource>),
        );
    }
    void send(response);
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    setTxt(name, values) {
      if (values.length) records.set(name.toLowerCase(), values);
      else records.delete(name.toLowerCase());
    },
    get questions() {
      return questions;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
