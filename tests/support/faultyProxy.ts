import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** What the proxy does to the connections it carries from now on. */
export type Fault =
  | { kind: 'pass' }
  /** Holds every chunk this long before passing it on. */
  | { kind: 'latency'; ms: number }
  /** Resets each connection as soon as it opens. */
  | { kind: 'reset' }
  /** Takes connections and never answers (a machine that vanished from the network). */
  | { kind: 'blackhole' };

export type FaultyProxy = {
  url: string;
  set(fault: Fault): void;
  /** Connections the proxy has taken so far. */
  connections(): number;
  close(): Promise<void>;
};

/**
 * A TCP proxy a test controls, between the gateway and the REST service or the REST service and
 * PostgreSQL: the faults of a real network (latency, reset connections, a blackhole) without
 * touching either side.
 */
export async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  const { hostname, port } = new URL(target);
  let fault: Fault = { kind: 'pass' };
  let taken = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    taken++;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    const current = fault;
    if (current.kind === 'reset') return void client.resetAndDestroy();
    if (current.kind === 'blackhole') return void client.pause();
    const upstream = connect(Number(port), hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    const relay = (from: Socket, to: Socket) =>
      from.on('data', (chunk) => {
        if (current.kind === 'latency') setTimeout(() => to.write(chunk), current.ms);
        else to.write(chunk);
      });
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The target's address with the proxy's host and port: an http:// or a postgres:// one alike.
  const proxied = new URL(target);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as AddressInfo).port);
  const url = proxied.href;
  return {
    url,
    set(next) {
      fault = next;
      // A fault applies to connections already open too: kept-alive ones would otherwise carry on.
      for (const socket of sockets) socket.destroy();
    },
    connections: () => taken,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
