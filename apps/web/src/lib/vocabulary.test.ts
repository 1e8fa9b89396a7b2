import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('..', import.meta.url));

/**
 * Spellings the console never shows: the specification's words are "Organization", "API keys" and
 * "Deactivated" beside the action "Deactivate". Comments and identifiers may say what they like.
 */
const BANNED: { pattern: RegExp; say: string }[] = [
  { pattern: /organisation/i, say: 'organization' },
  { pattern: /\b(?!API key)[Aa][Pp][Ii] [Kk][Ee][Yy]/, say: 'API key' },
  { pattern: /(?<![:\w-])disabled\b/i, say: 'Deactivated (the action is Deactivate)' },
  { pattern: /(?<![:\w-])disable\b/i, say: 'Deactivate' },
  { pattern: /\b(?:product|plan|organization) id\b/i, say: 'the name, never the id' },
];

/** JSX attributes whose strings are for code, not for the reader. */
const CODE_ATTRIBUTES = new Set(['data-testid', 'className', 'id', 'name', 'type', 'autoComplete', 'to', 'href', 'key', 'htmlFor', 'form']);

/** A test id, a path or an enum value (`two-factor-disable-form`, `DISABLED`): code, not words. */
const IDENTIFIER = /^(?:[a-z0-9]+(?:[-/.][a-z0-9]+)*|[A-Z0-9_]+)$/;

type Finding = { file: string; line: number; text: string; say: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(?:test|generated)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function isCodeString(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent)) return true;
  if (ts.isLiteralTypeNode(parent)) return true;
  if (ts.isJsxAttribute(parent) && CODE_ATTRIBUTES.has(parent.name.getText())) return true;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return true;
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) return true;
  return false;
}

/** Every text a file's strings, templates and JSX could put on the screen, with its line. */
export function bannedSpellings(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Finding[] = [];
  const check = (node: ts.Node, value: string) => {
    if (IDENTIFIER.test(value)) return;
    for (const { pattern, say } of BANNED) {
      if (!pattern.test(value)) continue;
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ file, line, text: value.trim(), say });
    }
  };
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isCodeString(node)) check(node, node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) check(node, node.text);
    else if (ts.isJsxText(node)) check(node, node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the console’s words', () => {
  it('finds a banned spelling in strings and JSX text, not in comments or code', () => {
    const sample = [
      '// an organisation admin, disabled',
      "import { x } from './organisationThing';",
      "const a = 'Every organisation';",
      'const b = <Button disabled={true} data-testid="disabled-users">Disabled users</Button>;',
      'const c = `${n} api keys`;',
      "const d = { disabled: 'Deactivated' };",
      "const e = 'API keys';",
    ].join('\n');
    expect(bannedSpellings('sample.tsx', sample).map(({ line, say }) => [line, say])).toEqual([
      [3, 'organization'],
      [4, 'Deactivated (the action is Deactivate)'],
      [5, 'API key'],
    ]);
  });

  it('says "Organization", "API keys" and "Deactivated" wherever the console shows words', () => {
    const found = sourceFiles(SOURCE).flatMap((file) => bannedSpellings(relative(SOURCE, file), readFileSync(file, 'utf8')));
    expect(found.map(({ file, line, text, say }) => `${file}:${line} “${text}”: say ${say}`)).toEqual([]);
  });
});
