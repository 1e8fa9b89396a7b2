import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint (eslint.config.js) on a file written here, placed where it would sit.
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../..', import.meta.url)) });

async function lintErrors(filePath: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `apps/subscription-api/src/${filePath}` });
  return result!.messages.filter((message) => message.ruleId === rule).map((message) => message.message);
}

const boundaryErrors = (filePath: string, code: string) => lintErrors(filePath, code, 'boundaries/dependencies');

describe('the import boundaries of the REST service (npm run lint)', { timeout: 60_000 }, () => {
  it('refuses http/ importing domain/, and a layer importing one above it', async () => {
    const refusal = expect.stringContaining('routes → domain → db / mail / security, and http/ never imports domain/');
    expect(await boundaryErrors('http/wrong.ts', "import { audit } from '#domain/audit';\nexport const use = audit;\n")).toEqual([refusal]);
    expect(await boundaryErrors('domain/wrong.ts', "import { authRoutes } from '#routes/auth';\nexport const use = authRoutes;\n")).toEqual(
      [refusal],
    );
    expect(await boundaryErrors('db/wrong.ts', "import { audit } from '#domain/audit';\nexport const use = audit;\n")).toEqual([refusal]);
  });

  it('lets each layer import the ones below it', async () => {
    expect(await boundaryErrors('routes/right.ts', "import { audit } from '#domain/audit';\nexport const use = audit;\n")).toEqual([]);
    expect(await boundaryErrors('domain/right.ts', "import { HttpError } from '#http/errors';\nexport const use = HttpError;\n")).toEqual(
      [],
    );
    expect(await boundaryErrors('http/right.ts', "import type { Database } from '#db/database';\nexport type Use = Database;\n")).toEqual(
      [],
    );
  });

  it('lets the modules only tests use, in a testing/ folder, import any layer, and nothing else beside them', async () => {
    const code = "import { audit } from '#domain/audit';\nexport const use = audit;\n";
    expect(await boundaryErrors('http/testing/lists.ts', code)).toEqual([]);
    expect(await boundaryErrors('http/testingLists.ts', code)).toHaveLength(1);
  });
});

describe("the REST service's own import names (npm run lint)", { timeout: 60_000 }, () => {
  it("refuses climbing out of a folder with '../', and takes the same module by its '#' name", async () => {
    const code = (from: string) => `import { audit } from '${from}';\nexport const use = audit;\n`;
    expect(await lintErrors('routes/wrong.ts', code('../domain/audit'), 'no-restricted-imports')).toEqual([
      expect.stringContaining("by its '#…' name"),
    ]);
    expect(await lintErrors('routes/right.ts', code('#domain/audit'), 'no-restricted-imports')).toEqual([]);
    // The name leads where the path did: the boundaries still see the layer it is in.
    expect(await boundaryErrors('http/wrong.ts', code('#domain/audit'))).toHaveLength(1);
  });
});
