import type { Fetcher, FetcherHeaders, FetcherRequestInit, FetcherResponse } from '@apollo/utils.fetcher';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * The fetch the gateway calls the REST service with: node's own HTTP client over kept-alive
 * connections, each answer read whole before it is handed back. The global fetch cost the gateway
 * more CPU per call than anything else it did (its request, header and stream objects for a
 * short JSON answer on the same machine); this one gives the data sources the same answer.
 * Redirects are not followed: the REST service answers its calls itself. A connection is not
 * reused past the idle time the service announces (its Keep-Alive header), so a call is never
 * sent on one the service is closing.
 */
export function createHttpFetch(): Fetcher {
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  return (url, init = {}) => send(url, init, agents);
}

function send(url: string, init: FetcherRequestInit, agents: { http: HttpAgent; https: HttpsAgent }): Promise<FetcherResponse> {
  return new Promise((resolve, reject) => {
    const signal = init.signal as AbortSignal | undefined;
    if (signal?.aborted) return reject(signal.reason);
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const body = init.body === undefined ? undefined : typeof init.body === 'string' ? Buffer.from(init.body) : init.body;
    const headers: Record<string, string> = { accept: '*/*', ...init.headers };
    if (body) headers['content-length'] = String(body.length);
    const call = (secure ? httpsRequest : httpRequest)(target, {
      method: init.method ?? 'GET',
      headers,
      agent: secure ? agents.https : agents.http,
    });
    // The time limit (upstream.ts) covers the answer's body too: it is read here, whole.
    const abort = () => {
      call.destroy();
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);
    call.once('error', (error) => {
      done();
      reject(error);
    });
    call.once('response', (answer: IncomingMessage) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.once('error', (error) => {
        done();
        reject(error);
      });
      answer.once('end', () => {
        done();
        const received = new Headers();
        const raw = answer.rawHeaders;
        for (let i = 0; i < raw.length; i += 2) received.append(raw[i]!, raw[i + 1]!);
        resolve(new BufferedResponse(url, answer.statusCode ?? 0, answer.statusMessage ?? '', received, Buffer.concat(chunks)));
      });
    });
    call.end(body);
  });
}

/** An answer already read whole: what the data sources and the HTTP cache ask of a fetch's Response. */
export class BufferedResponse implements FetcherResponse {
  bodyUsed = false;
  readonly redirected = false;

  constructor(
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    readonly headers: FetcherHeaders,
    private readonly body: Buffer,
  ) {}

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  async text(): Promise<string> {
    return this.read().toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const body = this.read();
    return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer;
  }

  clone(): BufferedResponse {
    if (this.bodyUsed) throw new TypeError('Response body is already used');
    return new BufferedResponse(this.url, this.status, this.statusText, new Headers(this.headers as Headers), this.body);
  }

  private read(): Buffer {
    if (this.bodyUsed) throw new TypeError('Response body is already used');
    this.bodyUsed = true;
    return this.body;
  }
}
