/** One line or set of bars of a chart: the row key it reads, its name and its colour token. */
export type ChartSeries = { key: string; label: string; color: string };

/** One category of a chart (a day, a department, a product) with a number per series. */
export type ChartRow = { label: string; values: Record<string, number> };

/** Columns for days; bars for a few named things, laid sideways so long names stay readable. */
export type ChartShape = 'columns' | 'bars';

export type CountChartProps = { rows: readonly ChartRow[]; series: readonly ChartSeries[]; shape: ChartShape };

/** How tall a chart is drawn: its placeholder holds the same room, so nothing moves when it comes. */
export function chartHeight(shape: ChartShape, rowCount: number): string {
  return shape === 'bars' ? `${Math.max(10, rowCount * 2.75 + 3)}rem` : '16rem';
}
