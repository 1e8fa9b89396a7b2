import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { RequestLine } from './requestLog';

export { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** Seconds: from a cached read to the slowest call a person would still wait for. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * A label whose values are not a closed list (operation names are chosen by clients): the first
 * `most` values are kept, later new ones are counted as `other`, so a caller cannot grow the metrics without end.
 */
export function boundedLabel(most = 300): (value: string | null) => string {
  const seen = new Set<string>();
  return (value) => {
    const name = value ?? 'none';
    if (seen.has(name)) return name;
    if (seen.size >= most) return 'other';
    seen.add(name);
    return name;
  };
}

/**
 * One service's Prometheus metrics: requests by operation and outcome, their latency, and the
 * process's own (memory, CPU, event loop), prefixed with the service's name. Each service adds
 * its own to `registry`. A registry per app, not prom-client's global one, so a test can run two.
 */
export type ServiceMetrics = {
  registry: Registry;
  prefix: string;
  /** Counts a finished request (logRequests' `observe`). */
  observeRequest(line: RequestLine): void;
};

export function createServiceMetrics(service: string): ServiceMetrics {
  const prefix = `${service.replace(/\W/g, '_')}_`;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix });
  const requests = new Counter({
    name: `${prefix}requests_total`,
    help: 'Requests answered, by operation (GraphQL operation name, or method and route) and outcome (ok, refused, failed, or the first error code)',
    labelNames: ['operation', 'outcome'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${prefix}request_duration_seconds`,
    help: 'Time from a request’s arrival to the end of its answer, by operation',
    labelNames: ['operation'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const operationLabel = boundedLabel();
  return {
    registry,
    prefix,
    observeRequest(line) {
      const operation = operationLabel(line.operation);
      requests.inc({ operation, outcome: outcomeOf(line) });
      duration.observe({ operation }, line.durationMs / 1000);
    },
  };
}

function outcomeOf(line: RequestLine): string {
  if (line.failure || line.status === 'aborted' || line.status >= 500) return line.status === 'aborted' ? 'aborted' : 'failed';
  if (line.errors?.length) return line.errors[0]!;
  return line.status >= 400 ? 'refused' : 'ok';
}

/**
 * `GET /metrics` in Prometheus's text format, answered only to the addresses the operator allows
 * (METRICS_ALLOW: `loopback` by default; addresses, CIDR ranges or `loopback`, `linklocal`,
 * `uniquelocal`, comma-separated; `none` for nobody). It looks at the connection's own address,
 * never a forwarded one, which a caller could write, and refuses any request a proxy forwarded:
 * one whose connection comes from a proxy the service trusts (`fromProxy`, by that address alone,
 * whatever headers it carries), and one carrying a forwarding header. Anyone else gets a 404, as
 * for any unknown path.
 */
export function metricsEndpoint(metrics: ServiceMetrics, allow: string, fromProxy: (address: string) => boolean = () => false) {
  const allowed = allow.trim() === 'none' ? () => false : proxyAddr.compile(allow.split(',').map((entry) => entry.trim()));
  const serve = async (res: ServerResponse) => {
    const text = await metrics.registry.metrics();
    res.setHeader('content-type', metrics.registry.contentType);
    res.setHeader('cache-control', 'no-store');
    res.end(text);
  };
  // Not itself async: every other request goes on at once, without a promise of its own.
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void | Promise<void> => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') return next();
    const address = req.socket.remoteAddress;
    // A proxy on this machine connects from loopback: what it forwards is somebody else's request.
    const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
    if (!address || forwarded || fromProxy(address) || !allowed(address, 0)) return next();
    return serve(res);
  };
}

/** METRICS_ALLOW as both services read it: `none`, or a list proxy-addr understands; `loopback` when unset. */
export const metricsAllowSetting = z
  .string()
  .optional()
  .transform((value, context) => {
    const allow = value?.trim() || 'loopback';
    try {
      if (allow !== 'none') proxyAddr.compile(allow.split(',').map((entry) => entry.trim()));
      return allow;
    } catch {
      context.addIssue({
        code: 'custom',
        message: 'must be none, or addresses, CIDR ranges, loopback, linklocal or uniquelocal, comma-separated',
      });
      return z.NEVER;
    }
  });
