import type { GraphQLSession } from '../support/graphql';

/** How long and how often a section measures, as `npm run bench` was asked. */
export type BenchRun = {
  /** The scale of the large data (1: 10,000 organisations, 100,000 people, a million sessions). */
  scale: number;
  /** Seconds of each load round. */
  seconds: number;
  /** Rounds of each side-by-side measurement, gateway and REST service alternating. */
  rounds: number;
};

/**
 * What `npm run bench` hands each section: the console running as `npm start` runs it, on the
 * large data set in PostgreSQL, with a SuperAdmin and an organisation admin signed in.
 */
export type Bench = BenchRun & {
  gatewayUrl: string;
  apiUrl: string;
  /** The bench database the console runs on (the cluster section runs its own instances on it too). */
  databaseUrl: string;
  /** The credential the gateway shows the REST service, which the bench shows it too to read it straight. */
  serviceToken: string;
  /** The provider's SuperAdmin of the demo data, and the admin of the first organisation of the large data. */
  sessions: Record<Signer, GraphQLSession>;
  /** Their email addresses. */
  emails: Record<Signer, string>;
  /** The time from spawning `npm start` (on an existing build) to the gateway answering /login, in ms. */
  startupMs: number;
  /** Reads a service's Prometheus metrics (both services answer /metrics on loopback). */
  metrics(service: 'gateway' | 'api'): Promise<Metrics>;
};

export type Signer = 'superAdmin' | 'admin';

/** Prometheus samples by series (name and labels as written, e.g. `gateway_rest_calls_total{method="GET",…}`). */
export type Metrics = Map<string, number>;

/** A figure set beside its goal; the report says plainly where one misses. */
export type Goal = { what: string; goal: string; figure: string; met: boolean };

export type Table = { title: string; columns: string[]; rows: (string | number)[][] };

/** A chart as an SVG file (`file`, a name only), written beside docs/BENCHMARKS.md in docs/bench/ and shown in its section. */
export type Chart = { file: string; title: string; svg: string };

export type SectionResult = { tables: Table[]; goals?: Goal[]; notes?: string[]; charts?: Chart[] };

/**
 * One part of the benchmark: runs against the running console and returns its tables and goals;
 * one that starts what it measures itself (`console: false`) needs neither the console nor its
 * database, and `--only` it runs without them.
 */
export type Section =
  | { title: string; console?: true; run(bench: Bench): Promise<SectionResult> }
  | { title: string; console: false; run(bench: BenchRun): Promise<SectionResult> };
