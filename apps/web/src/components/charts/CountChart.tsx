import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { chartHeight, type CountChartProps } from './types';

/**
 * The drawing itself, on Chakra's charts over recharts: the heaviest code of the console's
 * screens, so ChartPanel loads it only when a chart is on screen. Its keyboard layer is off:
 * the panel gives the chart its name and the same numbers as a table.
 */
export default function CountChart({ rows, series, shape }: CountChartProps) {
  const chart = useChart<Record<string, string | number>>({
    data: rows.map((row) => ({ label: row.label, ...row.values })),
    series: series.map((item) => ({ name: item.key, label: item.label, color: item.color })),
  });
  const sideways = shape === 'bars';
  return (
    <Chart.Root chart={chart} aspectRatio="auto" h={chartHeight(shape, rows.length)}>
      <BarChart data={chart.data} layout={sideways ? 'vertical' : 'horizontal'} accessibilityLayer={false} responsive>
        <CartesianGrid stroke={chart.color('border')} vertical={sideways} horizontal={!sideways} />
        {sideways ? (
          <>
            <XAxis type="number" allowDecimals={false} tickLine={false} axisLine={false} />
            <YAxis type="category" dataKey="label" width={130} tickLine={false} axisLine={false} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" tickLine={false} axisLine={false} minTickGap={12} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={36} />
          </>
        )}
        <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
        {series.length > 1 && <Legend content={<Chart.Legend />} />}
        {chart.series.map((item) => (
          <Bar
            key={String(item.name)}
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            name={String(item.label)}
            fill={chart.color(item.color)}
            radius={sideways ? [0, 4, 4, 0] : [4, 4, 0, 0]}
            maxBarSize={36}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
