import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../../support/graphql';
import { DATABASES, startStack, type DatabaseKind, type Stack } from '../../support/stack';
import {
  CALLER_NAMES,
  CALLERS,
  calledField,
  loadOrganisations,
  loadSchema,
  OTHER_ORGANISATION,
  outcomeOf,
  OWN_ORGANISATION,
  SEES_EVERY_ORGANISATION,
  type CallerName,
  type CellContext,
  type Organisation,
} from '../../support/tenantMatrix';
import { onWorkerStop } from '../../support/workerEnvironment';
import { AREAS, type Area } from './rows';

/*
 * Every operation of the schema, called as every kind of caller with the ids of an organisation
 * that is not theirs. The rows (how to call each operation, what each caller may get, and which
 * rows a refused call must leave alone) live in rows/, one module per area of the product; each
 * area's file runs its rows, and everyOperation.test.ts fails until every operation has a row.
 * Write documents that select the fields carrying an organisation's data, so a leak would show.
 */

/** What every area's cells share on one kind of database: one stack, its organisations, and the callers' sessions. */
type Matrix = {
  stack: Stack;
  organisations: Map<string, Organisation>;
  products: CellContext['products'];
  sessions: Map<CallerName, GraphQLSession>;
};

// The areas' files share their worker process (isolate: false), and so the matrix's stack: as
// when the matrix was one file, its cells run on one stack per kind of database and worker,
// started by the first area's file and stopped when the worker stops (support/workerEnvironment.ts).
const worker = globalThis as { yozyTenantMatrix?: Partial<Record<DatabaseKind, Promise<Matrix>>> };

function matrixOn(kind: DatabaseKind): Promise<Matrix> {
  const shared = (worker.yozyTenantMatrix ??= {});
  const matrix = (shared[kind] ??= startMatrix(kind));
  // A start that failed is not kept: the next area's file tries again.
  matrix.catch(() => {
    if (shared[kind] === matrix) delete shared[kind];
  });
  return matrix;
}

async function startMatrix(kind: DatabaseKind): Promise<Matrix> {
  const stack = await startStack(kind);
  onWorkerStop(() => stack.stop());
  const organisations = await loadOrganisations(stack.db);
  const answer = await new GraphQLSession(stack.gatewayUrl).request<{ products: { id: string; plans: { id: string }[] }[] }>(
    '{ products { id plans { id } } }',
  );
  const product = answer.data!.products[0]!;
  return { stack, organisations, products: { productId: product.id, planId: product.plans[0]!.id }, sessions: new Map() };
}

/** Runs the cells of one area: each of its operations as each kind of caller, on every kind of database. */
export function describeMatrix(area: Area) {
  const operations = AREAS[area];
  describe.each(DATABASES)(`tenant isolation matrix of ${area} on %s`, (kind) => {
    const schema = loadSchema();
    let matrix: Matrix;
    let checked = 0;

    async function sessionOf(caller: CallerName, fresh = false): Promise<GraphQLSession> {
      const email = CALLERS[caller];
      const { gatewayUrl } = matrix.stack;
      if (!email) return new GraphQLSession(gatewayUrl);
      if (fresh) return signedIn(gatewayUrl, email);
      if (!matrix.sessions.has(caller)) matrix.sessions.set(caller, await signedIn(gatewayUrl, email));
      return matrix.sessions.get(caller)!;
    }

    /** Values of every organisation the caller may not see; a SuperAdmin may see them all. */
    function hiddenFrom(caller: CallerName): string[] {
      if (SEES_EVERY_ORGANISATION.includes(caller)) return [];
      return [...matrix.organisations.values()].filter((o) => o.name !== OWN_ORGANISATION[caller]).flatMap((o) => o.identifying);
    }

    beforeAll(async () => {
      matrix = await matrixOn(kind);
    });

    afterAll(() => {
      console.log(
        `tenant isolation matrix of ${area} on ${kind}: ${checked} cells checked (${Object.keys(operations).length} operations × ${CALLER_NAMES.length} callers)`,
      );
    });

    const cells = Object.keys(operations).flatMap((field) => CALLER_NAMES.map((caller) => [field, caller] as const));

    it.each(cells)('%s as %s', async (field, caller) => {
      const operation = operations[field]!;
      const session = await sessionOf(caller, operation.endsSession);
      const cell: CellContext = {
        caller,
        other: matrix.organisations.get(OTHER_ORGANISATION[caller])!,
        db: matrix.stack.db,
        products: matrix.products,
        captcha: () => session.captcha(),
        unique: `${caller.toLowerCase()}-${kind}`,
      };
      const { document, variables } = await operation.call(cell);
      expect(calledField(schema, document)).toBe(field);

      const before = await operation.touches?.rows(cell);
      const answer = await session.request<Record<string, unknown>>(document, variables);
      const outcome = outcomeOf(answer, field);
      const after = await operation.touches?.rows(cell);

      expect(outcome, JSON.stringify(answer)).toEqual(operation.may[caller]);
      if (outcome === 'ok') expect(answer.errors).toBeUndefined();
      const text = JSON.stringify(answer).toLowerCase();
      for (const value of hiddenFrom(caller)) expect(text, `the answer shows "${value}"`).not.toContain(value.toLowerCase());
      if (operation.touches && (outcome !== 'ok' || operation.touches.unchanged === 'always')) expect(after).toEqual(before);
      checked++;
    });
  });
}
