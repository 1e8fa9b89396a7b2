import autocannon, { type Options, type Result } from 'autocannon';

/** One autocannon run (autocannon: HTTP/1.1 load from Node, keep-alive, HdrHistogram latencies). */
export function load(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Requests that did not get a good answer: network errors, time-outs and any status but 2xx. */
export const failures = (result: Result) => result.errors + result.timeouts + result.non2xx;

export const mean = (values: number[]) => values.reduce((total, value) => total + value, 0) / Math.max(values.length, 1);

/** Milliseconds as the tables show them. */
export const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The lowest and highest value, as the tables show a spread: "0.91–1.07". */
export const spread = (values: number[], digits: number) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
