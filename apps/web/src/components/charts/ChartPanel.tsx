import { Box, Button, Card, HStack, Heading, Skeleton, Table, Text } from '@chakra-ui/react';
import { Suspense, useId, useRef, useState } from 'react';
import { LuDownload, LuTable2 } from 'react-icons/lu';
import type { CsvColumn } from '@/lib/csv';
import { lazyScreen } from '@/lib/lazyScreen';
import { loadChunk } from '@/lib/loadChunk';
import { toastFailure } from '@/lib/payloadErrors';
import { useSeenOnce } from '@/lib/useSeenOnce';
import { chartHeight, type ChartRow, type ChartSeries, type ChartShape } from './types';

// recharts and Chakra's charts weigh more than the rest of a screen: they load with the first
// chart drawn, which is after the page's first paint and only once it comes near the screen.
const CountChart = lazyScreen(() => import('./CountChart'));

export type ChartPanelProps = {
  /** The chart's heading, its accessible name and the CSV file's name. */
  title: string;
  /** A line under the heading, such as the days covered. */
  description?: string;
  /** The heading of the category column of the table and the CSV (Day, Department, …). */
  categoryHeader: string;
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  shape?: ChartShape;
  /** Shown instead of the chart when there are no rows. */
  emptyText: string;
};

/** What the chart shows, in words, for people who cannot see it: each series' total and its highest point. */
export function describeChart(rows: readonly ChartRow[], series: readonly ChartSeries[], categoryHeader: string): string {
  if (rows.length === 0) return 'No data';
  const parts = series.map((item) => {
    const values = rows.map((row) => row.values[item.key] ?? 0);
    const total = values.reduce((sum, value) => sum + value, 0);
    const highest = Math.max(...values);
    const where = rows[values.indexOf(highest)]!.label;
    return `${item.label}: ${total} in all over ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}, highest ${highest} (${categoryHeader.toLowerCase()} ${where})`;
  });
  return parts.join('; ');
}

/**
 * A chart in a card, with the same numbers as a table on request and as a CSV download, so
 * nobody depends on seeing the drawing.
 */
export function ChartPanel({ title, description, categoryHeader, rows, series, shape = 'columns', emptyText }: ChartPanelProps) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  const drawing = useRef<HTMLDivElement>(null);
  const seen = useSeenOnce(drawing);
  const columns: CsvColumn<ChartRow>[] = [
    { header: categoryHeader, value: (row) => row.label },
    ...series.map((item) => ({ header: item.label, value: (row: ChartRow) => row.values[item.key] ?? 0 })),
  ];

  return (
    <Card.Root as="section" aria-labelledby={headingId} size="sm" data-testid="chart-panel">
      <Card.Header>
        <HStack justify="space-between" align="start" gap="3" wrap="wrap">
          <Box>
            <Heading as="h2" size="md" id={headingId}>
              {title}
            </Heading>
            {description && (
              <Text textStyle="sm" color="fg.muted">
                {description}
              </Text>
            )}
          </Box>
          {rows.length > 0 && (
            <HStack gap="2">
              <Button
                size="xs"
                variant="outline"
                aria-expanded={showTable}
                aria-controls={tableId}
                onClick={() => setShowTable((shown) => !shown)}
              >
                <LuTable2 aria-hidden />
                {showTable ? 'Hide table' : 'Show table'}
              </Button>
              <Button
                size="xs"
                variant="outline"
                aria-label={`Download ${title} as CSV`}
                onClick={() =>
                  // The CSV writer is loaded on the first download: most visits never download.
                  void loadChunk(() => import('@/lib/csv')).then(
                    (csv) => csv.downloadText(csv.csvFileName(title), csv.toCsv(columns, rows)),
                    (failure: unknown) => toastFailure('The download did not start', failure),
                  )
                }
              >
                <LuDownload aria-hidden />
                CSV
              </Button>
            </HStack>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {rows.length === 0 ? (
          <Text color="fg.muted" py="6" textAlign="center">
            {emptyText}
          </Text>
        ) : (
          <>
            <Box ref={drawing} role="img" aria-label={`${title}. ${describeChart(rows, series, categoryHeader)}`}>
              {/* The placeholder takes the chart's room, so nothing moves when it is drawn. */}
              {seen ? (
                <Suspense fallback={<Skeleton h={chartHeight(shape, rows.length)} />}>
                  <CountChart rows={rows} series={series} shape={shape} />
                </Suspense>
              ) : (
                <Skeleton h={chartHeight(shape, rows.length)} />
              )}
            </Box>
            <Box id={tableId} hidden={!showTable} mt="4">
              {/* Drawn only when asked for: a row of styled cells per category is no small part of a screen's first render. */}
              {showTable && (
                <Table.ScrollArea
                  borderWidth="1px"
                  rounded="md"
                  maxH="22rem"
                  // A long table scrolls inside the card: keyboard users scroll it once it has focus.
                  tabIndex={0}
                  role="region"
                  aria-label={`${title} as a table`}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
                >
                  <Table.Root size="sm" stickyHeader>
                    <Table.Caption captionSide="top" srOnly>
                      {title}
                    </Table.Caption>
                    <Table.Header>
                      <Table.Row bg="bg.muted">
                        {columns.map((column, index) => (
                          <Table.ColumnHeader key={column.header} textAlign={index === 0 ? 'start' : 'end'}>
                            {column.header}
                          </Table.ColumnHeader>
                        ))}
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {rows.map((row) => (
                        <Table.Row key={row.label}>
                          <Table.Cell>{row.label}</Table.Cell>
                          {series.map((item) => (
                            <Table.Cell key={item.key} textAlign="end">
                              {row.values[item.key] ?? 0}
                            </Table.Cell>
                          ))}
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              )}
            </Box>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
