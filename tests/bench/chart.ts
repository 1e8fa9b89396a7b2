/** A line of a chart: its name in the legend and its points, x ascending. */
export type Line = { name: string; points: { x: number; y: number }[] };

/** One panel of a chart: its title and lines, drawn over the same x axis as the others. */
export type Panel = { title: string; lines: Line[] };

const WIDTH = 420;
const HEIGHT = 300;
const MARGIN = { top: 36, right: 16, bottom: 44, left: 56 };
const LEGEND = 28;
/** Colours told apart with colour-blindness too (Okabe and Ito), one a line in the legend's order. */
const COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#000000'];

const text = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Round steps for an axis from 0 to at least `max`: about five, each 1, 2 or 5 times a power of ten. */
function ticks(max: number): number[] {
  const rough = Math.max(max, 1e-9) / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  const steps = Math.ceil(max / step);
  return Array.from({ length: steps + 1 }, (_, i) => i * step);
}

const label = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/**
 * Panels side by side as one SVG (a file the bench writes beside docs/BENCHMARKS.md): each a line
 * chart with its own y axis from 0, the x axis at the points' x values, one colour a line and the
 * legend under them all. Plain SVG, no script: it reads the same on GitHub and in any browser.
 */
export function lineChart({ title, xLabel, yLabel, panels }: { title: string; xLabel: string; yLabel: string; panels: Panel[] }): string {
  const names = [...new Set(panels.flatMap((panel) => panel.lines.map((line) => line.name)))];
  const colour = (name: string) => COLOURS[names.indexOf(name) % COLOURS.length]!;
  const xs = [...new Set(panels.flatMap((panel) => panel.lines.flatMap((line) => line.points.map((point) => point.x))))].sort(
    (a, b) => a - b,
  );
  const xMax = Math.max(...xs);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const parts: string[] = [];
  panels.forEach((panel, index) => {
    const left = index * WIDTH + MARGIN.left;
    const top = MARGIN.top;
    const yTicks = ticks(Math.max(...panel.lines.flatMap((line) => line.points.map((point) => point.y))));
    const yMax = yTicks.at(-1)!;
    const x = (value: number) => left + (value / xMax) * plotWidth;
    const y = (value: number) => top + plotHeight - (value / yMax) * plotHeight;
    parts.push(`<text x="${left + plotWidth / 2}" y="${top - 12}" text-anchor="middle" font-weight="bold">${text(panel.title)}</text>`);
    for (const tick of yTicks) {
      parts.push(
        `<line x1="${left}" x2="${left + plotWidth}" y1="${y(tick)}" y2="${y(tick)}" stroke="#ddd"/>`,
        `<text x="${left - 6}" y="${y(tick) + 4}" text-anchor="end">${label(tick)}</text>`,
      );
    }
    for (const tick of xs) {
      parts.push(
        `<line x1="${x(tick)}" x2="${x(tick)}" y1="${top + plotHeight}" y2="${top + plotHeight + 4}" stroke="#666"/>`,
        `<text x="${x(tick)}" y="${top + plotHeight + 18}" text-anchor="middle">${label(tick)}</text>`,
      );
    }
    parts.push(
      `<line x1="${left}" x2="${left + plotWidth}" y1="${top + plotHeight}" y2="${top + plotHeight}" stroke="#666"/>`,
      `<line x1="${left}" x2="${left}" y1="${top}" y2="${top + plotHeight}" stroke="#666"/>`,
      `<text x="${left + plotWidth / 2}" y="${top + plotHeight + 36}" text-anchor="middle">${text(xLabel)}</text>`,
      `<text transform="translate(${left - 42} ${top + plotHeight / 2}) rotate(-90)" text-anchor="middle">${text(yLabel)}</text>`,
    );
    for (const line of panel.lines) {
      const points = line.points.map((point) => `${x(point.x).toFixed(1)},${y(point.y).toFixed(1)}`);
      parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${colour(line.name)}" stroke-width="2"/>`);
      for (const point of points) {
        const [cx, cy] = point.split(',');
        parts.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="${colour(line.name)}"/>`);
      }
    }
  });
  const width = WIDTH * panels.length;
  const legendY = HEIGHT + 8;
  const slot = width / names.length;
  names.forEach((name, index) => {
    const at = index * slot + 12;
    parts.push(
      `<line x1="${at}" x2="${at + 20}" y1="${legendY}" y2="${legendY}" stroke="${colour(name)}" stroke-width="3"/>`,
      `<text x="${at + 26}" y="${legendY + 4}">${text(name)}</text>`,
    );
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT + LEGEND}" viewBox="0 0 ${width} ${HEIGHT + LEGEND}" font-family="sans-serif" font-size="12">`,
    `<title>${text(title)}</title>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
