import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint (eslint.config.js) on a file written here, placed where it would sit.
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../..', import.meta.url)) });

async function lintErrors(filePath: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `apps/gateway/src/${filePath}` });
  return result!.messages.filter((message) => message.ruleId === rule).map((message) => message.message);
}

const boundaryErrors = (filePath: string, code: string) => lintErrors(filePath, code, 'boundaries/dependencies');

describe('the import boundaries of the gateway (npm run lint)', { timeout: 60_000 }, () => {
  it('refuses a resolver calling upstream itself, a data source importing a resolver, and errors.ts importing a data source', async () => {
    const refusal = expect.stringContaining('resolvers → datasources → upstream');
    expect(
      await boundaryErrors('resolvers/group/wrong.ts', "import { createUpstream } from '#upstream';\nexport const use = createUpstream;\n"),
    ).toEqual([refusal]);
    expect(
      await boundaryErrors('datasources/Wrong.ts', "import { resolvers } from '#resolvers/index';\nexport const use = resolvers;\n"),
    ).toEqual([refusal]);
    // errors.ts itself, as it would be with one import more.
    expect(await boundaryErrors('errors.ts', "import type { Profile } from './datasources/types';\nexport type Use = Profile;\n")).toEqual([
      refusal,
    ]);
  });

  it('lets resolvers use data sources, and data sources the upstream', async () => {
    expect(
      await boundaryErrors('resolvers/group/right.ts', "import { GroupApi } from '#datasources/GroupApi';\nexport const use = GroupApi;\n"),
    ).toEqual([]);
    expect(
      await boundaryErrors('datasources/Right.ts', "import type { Upstream } from '#upstream';\nexport type Use = Upstream;\n"),
    ).toEqual([]);
  });
});

describe("the gateway's own import names (npm run lint)", { timeout: 60_000 }, () => {
  it("refuses climbing out of a folder with '../', and takes the same module by its '#' name", async () => {
    const code = (from: string) => `import { GroupApi } from '${from}';\nexport const use = GroupApi;\n`;
    expect(await lintErrors('resolvers/group/wrong.ts', code('../../datasources/GroupApi'), 'no-restricted-imports')).toEqual([
      expect.stringContaining("by its '#…' name"),
    ]);
    expect(await lintErrors('resolvers/group/right.ts', code('#datasources/GroupApi'), 'no-restricted-imports')).toEqual([]);
  });
});
