import type { Fetcher, FetcherHeaders, FetcherRequestInit, FetcherResponse } from '@apollo/utils.fetcher';
import { STATUS_CODES } from 'node:http';
import { Agent, BalancedPool } from 'undici';

/**
 * How the gateway's connections to the REST service are kept: enough for the calls the gateway
 * makes at once on a small machine (more wait their turn in the gateway, within their time
 * limit, rather than in the service's queue), each idle one closed by the gateway before the
 * service would close it.
 */
export type RestConnections = {
  /** The most connections open at once to one address. */
  connections: number;
  /** How long an idle connection is kept when the service does not say (its `Keep-Alive: timeout=`). */
  keepAliveMs: number;
  /** How long before the service's announced idle time the gateway stops using a connection. */
  keepAliveMarginMs: number;
};

export const REST_CONNECTIONS: RestConnections = {
  connections: 64,
  // Below the REST service's own (@yozy/shared/server SERVER_TIMEOUTS.keepAliveMs, 8 s, which it
  // announces as `Keep-Alive: timeout=8`; the margin leaves the gateway 6 s at most).
  keepAliveMs: 4_000,
  keepAliveMarginMs: 2_000,
};

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The connection closed under a call: reset, broken, or closed by the service. */
const CLOSED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);
/** Nothing was sent: the instance refused the connection (stopped, restarting). */
const REFUSED = 'ECONNREFUSED';

export type RestFetch = Fetcher & { close(): Promise<void> };

/**
 * The fetch the gateway calls the REST service with: undici's HTTP/1.1 client over kept-alive
 * connections (a pool per address), each answer read whole before it is handed back, as the
 * Response the data sources read. The global fetch cost the gateway more CPU per call than
 * anything else it did (its Request, Headers and stream objects around a short JSON answer from
 * the same machine). Redirects are not followed: the REST service answers its calls itself.
 *
 * A kept-alive connection can be closed by the service (its idle time, a restart) just as a call
 * is sent on it. undici does not reuse an idle connection the service has closed, nor keep one
 * past the idle time the service announces; what remains is a close crossing the call on the
 * wire. A read whose connection closed before any of its answer came is sent once more, at once,
 * on another connection: the service did not fail, so it is not a fault for the retries and the
 * circuit breaker to count (upstream.ts). A write is never sent twice: it may have been done.
 *
 * The caller's signal (an attempt's time limit) ends the call at once. The request itself is left
 * to undici's own time limits, `timeoutMs` for the answer to start and between parts of it, which
 * close its connection: aborting it would have undici open a new connection at once for nothing.
 *
 * Several instances of the REST service (`replicas`, the first being the address the calls are
 * made to) share its calls: undici's BalancedPool sends each to one of them in turn, weighting
 * down one whose connections fail until it answers again. A call an instance refused to connect
 * to was not sent at all, so it goes to the next one at once, a write as well as a read.
 */
export function createRestFetch(timeoutMs: number, settings: RestConnections = REST_CONNECTIONS, replicas: string[] = []): RestFetch {
  const options = {
    connections: settings.connections,
    keepAliveTimeout: settings.keepAliveMs,
    keepAliveMaxTimeout: settings.keepAliveMs + settings.keepAliveMarginMs,
    keepAliveTimeoutThreshold: settings.keepAliveMarginMs,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  };
  const agent = new Agent(options);
  const origins = replicas.map((replica) => new URL(replica).origin);
  const balanced = origins.length > 1 ? new BalancedPool(origins, options) : null;
  /** Who takes a call to `url`: the instances in turn when it is to the REST service's address, else that address. */
  const dispatcherOf = (url: URL) => (balanced && url.origin === origins[0] ? balanced : agent);

  async function exchange(url: URL, method: string, init: FetcherRequestInit): Promise<FetcherResponse> {
    let answered = false;
    try {
      const { statusCode, headers, body } = await dispatcherOf(url).request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: method as 'GET',
        headers: init.headers,
        body: init.body,
      });
      answered = true;
      return new RestAnswer(url.href, statusCode, new AnswerHeaders(headers), await body.text());
    } catch (error) {
      if (!answered) (error as { beforeAnswer?: boolean }).beforeAnswer = true;
      throw error;
    }
  }

  async function once(url: URL, method: string, signal: AbortSignal | undefined, init: FetcherRequestInit): Promise<FetcherResponse> {
    signal?.throwIfAborted();
    return untilAborted(exchange(url, method, init), signal);
  }

  const send: Fetcher = async (href, init = {}) => {
    const url = new URL(href);
    const method = (init.method ?? 'GET').toUpperCase();
    const signal = init.signal as AbortSignal | undefined;
    // Each instance may refuse once before the call is given up on (the next one is tried at once).
    let refusals = dispatcherOf(url) === balanced ? origins.length - 1 : 0;
    for (;;) {
      try {
        return await once(url, method, signal, init);
      } catch (error) {
        const { code, beforeAnswer } = error as { code?: string; beforeAnswer?: boolean };
        if (code === REFUSED && refusals-- > 0) continue;
        if (!READS.has(method) || !beforeAnswer || !code || !CLOSED.has(code)) throw error;
        return once(url, method, signal, init);
      }
    }
  };
  return Object.assign(send, { close: async () => void (await Promise.all([agent.close(), balanced?.close()])) });
}

/** `work`, or the signal's reason as soon as it aborts (the answer read whole: the body is within the time limit too). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', stop);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(error);
      },
    );
  });
}

/** The headers of an answer as undici gives them (names in lower case; a repeated one as a list), read as fetch's Headers are. */
export class AnswerHeaders implements FetcherHeaders {
  private readonly byName = new Map<string, string>();

  constructor(received: Record<string, string | string[] | undefined> = {}) {
    for (const name in received) {
      const value = received[name];
      if (value !== undefined) this.byName.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
  }

  get(name: string): string | null {
    return this.byName.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.byName.has(name.toLowerCase());
  }

  set(name: string, value: string): void {
    this.byName.set(name.toLowerCase(), value);
  }

  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const before = this.byName.get(key);
    this.byName.set(key, before === undefined ? value : `${before}, ${value}`);
  }

  delete(name: string): void {
    this.byName.delete(name.toLowerCase());
  }

  entries(): IterableIterator<[string, string]> {
    return this.byName.entries();
  }

  keys(): IterableIterator<string> {
    return this.byName.keys();
  }

  values(): IterableIterator<string> {
    return this.byName.values();
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.byName.entries();
  }
}

/** An answer already read whole: what the data sources and their HTTP cache ask of a fetch's Response. */
export class RestAnswer implements FetcherResponse {
  bodyUsed = false;
  readonly redirected = false;

  constructor(
    readonly url: string,
    readonly status: number,
    readonly headers: FetcherHeaders,
    private readonly body: string,
  ) {}

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  get statusText(): string {
    return STATUS_CODES[this.status] ?? '';
  }

  async text(): Promise<string> {
    return this.read();
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.read());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = Buffer.from(this.read());
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  clone(): RestAnswer {
    if (this.bodyUsed) throw new TypeError('Response body is already used');
    return new RestAnswer(this.url, this.status, new AnswerHeaders(Object.fromEntries(this.headers)), this.body);
  }

  private read(): string {
    if (this.bodyUsed) throw new TypeError('Response body is already used');
    this.bodyUsed = true;
    return this.body;
  }
}
