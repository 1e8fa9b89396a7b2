// A vitest reporter for each package's unit tests: when `npm test` asks (YOZY_TEST_COUNTS names a
// folder), it writes there how many tests the package ran, for the count `npm test` ends with.
// Without the variable (a run by hand, `npm run test:quick`) it does nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export default class TestCountReporter {
  onTestRunEnd(modules) {
    const folder = process.env.YOZY_TEST_COUNTS;
    if (!folder) return;
    let tests = 0;
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const { state } = test.result();
        if (state === 'passed' || state === 'failed') tests++;
      }
    }
    mkdirSync(folder, { recursive: true });
    const name = process.cwd().split(/[\\/]/).slice(-2).join('-');
    writeFileSync(join(folder, `${name}.json`), JSON.stringify({ tests }));
  }
}
