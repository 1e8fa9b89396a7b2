import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The texts an expression can end a sentence with: each branch of a condition, the right side of
 * `a && 'text'`, a template's tail. A name or a call (`confirm.body`) says nothing here: the text
 * it holds is checked where it is written (a `body:` of a confirmation).
 */
function endings(node: ts.Node | undefined): string[] {
  if (!node) return [];
  if (ts.isParenthesizedExpression(node) || ts.isJsxExpression(node)) return endings(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.templateSpans.at(-1)!.literal.text];
  if (ts.isConditionalExpression(node)) return [...endings(node.whenTrue), ...endings(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) return endings(node.right);
  if (ts.isJsxText(node)) return node.text.trim() ? [node.text.trim()] : [];
  return [];
}

type Finding = { file: string; line: number; text: string };

/**
 * What each confirmation says before its buttons, as the person reads it last: the last text of
 * a ConfirmDialog's children (and every alternative shown alone, `{kind === 'one' && '…'}`), and
 * every `body` a confirmation is described by elsewhere (`{ title, body, confirmLabel }`).
 */
export function unfinishedConfirmations(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Finding[] = [];
  const check = (node: ts.Node, ending: string) => {
    // A blank alternative (`cond ? 'text.' : ''`) shows nothing to finish.
    if (!ending.trim() || /[.?!]["”’)]?$/.test(ending.trim())) return;
    found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: ending.trim() });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) && node.openingElement.tagName.getText(source) === 'ConfirmDialog') {
      const children = node.children.filter((child) => !(ts.isJsxText(child) && !child.text.trim()));
      children.forEach((child, n) => {
        const alone = ts.isJsxExpression(child) && child.expression && ts.isBinaryExpression(child.expression);
        if (n === children.length - 1 || alone) endings(child).forEach((ending) => check(child, ending));
      });
    }
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'body')
      endings(node.initializer).forEach((ending) => check(node, ending));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('confirmations', () => {
  it('finds a confirmation that does not end its sentence, in each place one is written', () => {
    const sample = [
      '<ConfirmDialog title="Remove?">Their seat is free for someone else</ConfirmDialog>;',
      "<ConfirmDialog title=\"End?\">{kind === 'one' && 'Signed out at once.'}{kind === 'all' && `Every browser of ${name} is signed out`}</ConfirmDialog>;",
      "const a = { title: 'Retire?', body: `${plan} is no longer offered` };",
      "<ConfirmDialog title=\"Close?\">{name}: {n > 0 ? 'its allocations end, and ' : ''}it takes no new ones.</ConfirmDialog>;",
      "const b = { body: template.body, title: 'x' };",
    ].join('\n');
    expect(unfinishedConfirmations('sample.tsx', sample).map(({ line, text }) => [line, text])).toEqual([
      [1, 'Their seat is free for someone else'],
      [2, 'is signed out'],
      [3, 'is no longer offered'],
    ]);
  });

  it('end every sentence they say with a full stop', () => {
    const found = sourceFiles(SOURCE).flatMap((file) => unfinishedConfirmations(relative(SOURCE, file), readFileSync(file, 'utf8')));
    expect(found.map(({ file, line, text }) => `${file}:${line} “${text}”`)).toEqual([]);
  });
});
