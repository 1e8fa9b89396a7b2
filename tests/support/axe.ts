import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export type Violation = { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary: string }[] };

/**
 * Waits until nothing says it is loading (`aria-busy`: a table showing its previous page dimmed while
 * the next one loads) and every transition and finite animation on the page has ended: a dialog
 * fading in or a toast sliding out is half transparent, and axe would measure the contrast of a
 * colour no one reads. Endless animations (spinners, skeletons) are left running.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** axe-core's findings on the page once it has settled, every rule it runs by default (the context needs bypassCSP). */
export async function axeViolations(page: Page): Promise<Violation[]> {
  await settled(page);
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }).axe;
    const { violations } = await axe.run(document);
    return violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
}

/** Readable in a failure message: which rule, where, and why. */
export const describeViolations = (violations: Violation[]) =>
  violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary}`).join('\n')}`)
    .join('\n');

/** axe-core's findings on the page as it is now, one readable line each (none when it is clean). */
export async function axeFindings(page: Page): Promise<string[]> {
  const violations = await axeViolations(page);
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary})`).join('; ')}`,
  );
}
