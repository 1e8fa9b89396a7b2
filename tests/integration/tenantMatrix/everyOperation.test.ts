import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../support/stack';
import { loadSchema, rootFields } from '../../support/tenantMatrix';
import { AREAS } from './rows';

/*
 * Adding an operation to the schema fails this test until it has a row in one area of rows/: how
 * to call it, what each caller may get, and which rows a refused call must leave alone.
 */
describe.each(DATABASES)('tenant isolation matrix on %s', () => {
  it('has a row for every operation of the schema, and none for an operation it lacks', () => {
    const inSchema = rootFields(loadSchema());
    const inTable = Object.values(AREAS).flatMap((rows) => Object.keys(rows));
    expect({
      missingFromTable: inSchema.filter((field) => !inTable.includes(field)),
      notInSchema: inTable.filter((field) => !inSchema.includes(field)),
      // An operation's row is in one area only, and every area has the file that runs its rows.
      inTwoAreas: inTable.filter((field, index) => inTable.indexOf(field) !== index),
      areasNotRun: Object.keys(AREAS).filter((area) => !existsSync(new URL(`./${area}.test.ts`, import.meta.url))),
    }).toEqual({ missingFromTable: [], notInSchema: [], inTwoAreas: [], areasNotRun: [] });
  });
});
