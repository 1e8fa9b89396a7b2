import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
type Violation = { id: string; help: string; nodes: { target: string[]; failureSummary: string }[] };

/**
 * axe-core's findings on the page as it is now (every rule it runs by default), one line each:
 * "rule: help at selector (why)". The context needs `bypassCSP: true`: axe is injected as a script.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations.map(({ id, help, nodes }) => ({
      id,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
  return violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary})`).join('; ')}`);
}
