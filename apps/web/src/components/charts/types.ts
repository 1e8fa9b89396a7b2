/** One line or set of bars of a chart: the row key it reads, its name and its colour token. */
export type ChartSeries = { key: string; label: string; color: string };

/** One category of a chart (a day, a department, a product) with a number per series. */
export type ChartRow = { label: string; values: Record<string, number> };

/** Columns for days; bars for a few named things, laid sideways so long names stay readable. */
export type ChartShape = 'columns' | 'bars';

export type CountChartProps = { rows: readonly ChartRow[]; series: readonly ChartSeries[]; shape: ChartShape };
