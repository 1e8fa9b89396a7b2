import { boundedLabel, Counter, Gauge, Histogram, LATENCY_BUCKETS, type ServiceMetrics } from '@yozy/shared/metrics';
import type { BreakerState, Upstream } from './upstream';

const BREAKER_VALUES: Record<BreakerState, number> = { closed: 0, 'half-open': 1, open: 2 };

/** The gateway's own metrics beside every service's: its calls of the REST service and the breaker's state. */
export function observeUpstream(metrics: ServiceMetrics, upstream: Pick<Upstream, 'state' | 'onCall'>): void {
  const { registry, prefix } = metrics;
  const calls = new Counter({
    name: `${prefix}rest_calls_total`,
    help: 'Calls of the REST service, by method, path and outcome (ok, refused: a 4xx, failed: a 5xx, unavailable: no answer in time, refused connection or open breaker)',
    labelNames: ['method', 'path', 'outcome'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${prefix}rest_call_duration_seconds`,
    help: 'Time of a call of the REST service, its retries included, by method and path',
    labelNames: ['method', 'path'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: `${prefix}rest_breaker_state`,
    help: 'The circuit breaker in front of the REST service: 0 closed (calls go through), 1 half-open (one call tries), 2 open (calls are refused at once)',
    registers: [registry],
    collect() {
      this.set(BREAKER_VALUES[upstream.state()]);
    },
  });
  const pathLabel = boundedLabel();
  upstream.onCall(({ method, path: calledPath, seconds, outcome }) => {
    const path = pathLabel(calledPath);
    calls.inc({ method, path, outcome });
    duration.observe({ method, path }, seconds);
  });
}
