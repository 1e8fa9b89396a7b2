import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * How long a client may take, in milliseconds. Node's own defaults let a client send its
 * headers for a minute and its body for five, so a few slow clients dripping bytes hold
 * connections at almost no cost to them.
 */
export type ServerTimeouts = {
  /** From the connection (or the end of the previous request) to the end of the headers. */
  headersMs: number;
  /** From the start of a request to the end of its body: a 100 kB body needs seconds, not minutes. */
  requestMs: number;
  /** An idle kept-alive connection waits this long for the next request. */
  keepAliveMs: number;
  /** How often the server looks for connections past their time: the most a timeout overruns. */
  checkEveryMs: number;
};

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  // Longer than Node's HTTP clients keep an idle connection (5 s; the gateway's calls to the
  // REST service are such a client), so the client closes it first and never sends a request
  // into a connection the server is closing.
  keepAliveMs: 8_000,
  checkEveryMs: 1_000,
};

/**
 * An HTTP server with the timeouts a server facing the network needs; a client past its time
 * is answered 408 and disconnected. The handler may be attached later (`server.on('request')`).
 */
export function createHttpServer(handler?: RequestListener, timeouts: ServerTimeouts = SERVER_TIMEOUTS): Server {
  const server = createServer({
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: timeouts.checkEveryMs,
  });
  server.keepAliveTimeout = timeouts.keepAliveMs;
  if (handler) server.on('request', handler);
  return server;
}
