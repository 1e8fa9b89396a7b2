import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';

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
  // Longer than Node's HTTP clients keep an idle connection (5 s), and than the gateway keeps
  // its idle connections to the REST service (apps/gateway/src/restFetch.ts: 6 s at most), so
  // the client closes it first and never sends a request into a connection the server is closing.
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

/** How long a stopping service waits for requests in flight before it closes their connections: within the 10 s `npm start` gives each service to stop. */
export const STOP_GRACE_MS = 8_000;

/** Seconds a client refused during a stop is told to wait before trying again (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 5;

export type GracefulStop = {
  /**
   * First in the app: once the service is stopping, a request that still arrives on an open
   * connection is refused cleanly, 503 with `Retry-After` and the connection closed, instead of
   * being started and cut off.
   */
  refuseWhileStopping(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /**
   * Stops taking connections, lets the requests in flight finish (at most `graceMs`), closes idle
   * kept-alive connections as they become idle, and resolves when every connection is closed.
   */
  stop(graceMs?: number): Promise<void>;
  readonly stopping: boolean;
};

export function gracefulStop(server: Server): GracefulStop {
  let stopping = false;
  let closed: Promise<void> | undefined;
  return {
    get stopping() {
      return stopping;
    },
    refuseWhileStopping(_req, res, next) {
      if (!stopping) return next();
      res.statusCode = 503;
      res.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
      res.setHeader('connection', 'close');
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'The service is restarting. Try again in a few seconds.' } }));
    },
    stop(graceMs = STOP_GRACE_MS) {
      stopping = true;
      closed ??= new Promise<void>((resolve) => {
        // A connection becomes idle when its request is answered: close it then, not at the deadline.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(deadline);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closed;
    },
  };
}
