import type { Section } from './bench';
import { cluster } from './sections/cluster';
import { firstScreens } from './sections/firstScreens';
import { gatewayCost } from './sections/gatewayCost';
import { latencyCurve } from './sections/latencyCurve';
import { lists } from './sections/lists';
import { operationCost } from './sections/operationCost';
import { startup } from './sections/startup';
import { throughput } from './sections/throughput';

/**
 * The sections of `npm run bench`, in the order they run and are reported. A new section is a
 * module exporting a `Section` (bench.ts: a title, and `run(bench)` answering its tables, goals
 * and notes), added here; it gets the running console and both signed-in sessions, unless it says
 * `console: false` and starts what it measures itself.
 */
export const SECTIONS: Section[] = [startup, operationCost, gatewayCost, throughput, latencyCurve, lists, firstScreens, cluster];
