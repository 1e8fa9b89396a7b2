import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg, totalmem } from 'node:os';
import { format, resolveConfig } from 'prettier';
import type { Goal, SectionResult, Table } from './bench';

export type Machine = {
  date: string;
  cpu: string;
  cores: number;
  memory: string;
  loadAverage: string;
  node: string;
  postgres: string;
};

/** The machine as it is now: taken at the start, before the bench loads it. */
export function machineNow(postgres: string): Machine {
  return {
    loadAverage: loadAverage(),
    date: new Date()
      .toISOString()
      .replace(/\.\d+Z$/, ' UTC')
      .replace('T', ' '),
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memory: `${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    postgres,
  };
}

/** The load average over 1, 5 and 15 minutes. */
export function loadAverage(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');
}

export type Report = {
  command: string;
  scale: number;
  machine: Machine;
  /** The load average when the last section had run. */
  loadAtEnd: string;
  sizes: Record<string, number>;
  sections: { title: string; result: SectionResult | null; failure?: string }[];
};

const count = (n: number) => n.toLocaleString('en');

/** A table as the terminal shows it: columns padded to their widest cell. */
function textTable(table: Table): string {
  const cells = [table.columns, ...table.rows.map((row) => row.map(String))];
  const widths = table.columns.map((_, column) => Math.max(...cells.map((row) => String(row[column] ?? '').length)));
  const line = (row: (string | number)[]) => row.map((cell, column) => String(cell).padEnd(widths[column]!)).join('  ');
  return [line(table.columns), widths.map((width) => '─'.repeat(width)).join('  '), ...table.rows.map(line)].join('\n');
}

const escape = (cell: string | number) => String(cell).replaceAll('|', '\\|');

function markdownTable(columns: string[], rows: (string | number)[][]): string {
  return [
    `| ${columns.map(escape).join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
  ].join('\n');
}

const goalsOf = (report: Report): Goal[] => report.sections.flatMap((section) => section.result?.goals ?? []);

/** What the terminal shows of one section as soon as it has run. */
export function printSection(title: string, result: SectionResult | null, failure?: string): void {
  console.log(`\n== ${title} ==`);
  if (failure) console.log(`could not be measured: ${failure}`);
  for (const table of result?.tables ?? []) console.log(`\n${table.title}\n${textTable(table)}`);
  for (const note of result?.notes ?? []) console.log(`- ${note}`);
}

/** Writes every section's charts into `dir` (made when missing); answers the files written. */
export function writeCharts(dir: string, report: Report): string[] {
  const charts = report.sections.flatMap((section) => section.result?.charts ?? []);
  if (charts.length) mkdirSync(dir, { recursive: true });
  return charts.map((chart) => {
    const file = join(dir, chart.file);
    writeFileSync(file, chart.svg);
    return file;
  });
}

/** The goals at the end of the run, each missed one said so. */
export function printGoals(report: Report): void {
  const goals = goalsOf(report);
  console.log(
    `\n== Goals ==\n${textTable({ title: '', columns: ['what', 'goal', 'figure', ''], rows: goals.map((goal) => [goal.what, goal.goal, goal.figure, goal.met ? 'met' : 'MISSED']) })}`,
  );
}

/**
 * docs/BENCHMARKS.md: the machine, the data, each goal next to its figure, then every section's
 * tables and charts (linked from `charts`, the folder of writeCharts relative to the file).
 */
export async function writeMarkdown(file: string, report: Report, charts: string): Promise<void> {
  const { machine } = report;
  const goals = goalsOf(report);
  const missed = goals.filter((goal) => !goal.met);
  const lines = [
    '# Benchmarks',
    '',
    `Written by \`${report.command}\` on ${machine.date}; run it again to measure this machine (see the README). ` +
      'It is not a test: the figures depend on the machine and on what else it runs, so compare runs on the same machine.',
    '',
    '## Machine',
    '',
    markdownTable(
      ['', 'this run'],
      [
        ['CPU', machine.cpu],
        ['Cores', machine.cores],
        ['Memory', machine.memory],
        ['Load average at the start (1, 5, 15 min)', machine.loadAverage],
        ['Load average at the end', report.loadAtEnd],
        ['Node.js', machine.node],
        ['PostgreSQL', machine.postgres],
        ['Date', machine.date],
      ],
    ),
    '',
    `## Data (\`npm run seed:large\` at scale ${report.scale})`,
    '',
    markdownTable(
      ['', 'rows'],
      Object.entries(report.sizes).map(([what, n]) => [what, count(n)]),
    ),
    '',
    '## Goals',
    '',
    missed.length
      ? `**${missed.length} of ${goals.length} goals are missed in this run** (marked below). Read them with the load average above: ` +
        'on a machine other work keeps busy, every figure is worse than the console alone would give.'
      : `All ${goals.length} goals are met in this run.`,
    '',
    markdownTable(
      ['what', 'goal', 'figure', ''],
      goals.map((goal) => [goal.what, goal.goal, goal.figure, goal.met ? 'met' : '**missed**']),
    ),
  ];
  for (const section of report.sections) {
    lines.push('', `## ${section.title}`, '');
    if (section.failure) lines.push(`Could not be measured in this run: ${section.failure}`, '');
    for (const table of section.result?.tables ?? []) lines.push(`${table.title}:`, '', markdownTable(table.columns, table.rows), '');
    for (const chart of section.result?.charts ?? []) lines.push(`![${chart.title}](${charts}/${chart.file})`, '');
    for (const note of section.result?.notes ?? []) lines.push(`- ${note}`);
  }
  // Formatted as every Markdown file of the repository is (npm run lint checks it).
  const text = `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
  writeFileSync(file, await format(text, { ...(await resolveConfig(file)), filepath: file }));
}
