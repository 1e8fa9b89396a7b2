import { useState } from 'react';
import type { TotalCountKind } from '@/generated/schema';
import type { CsvColumn } from '@/lib/csv';
import { loadChunk } from '@/lib/loadChunk';
import { formatNumber } from '@/lib/numbers';
import { toastFailure } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { csvColumns, type DataTableColumn } from './columns';

/** More rows than one export should fetch page by page; the reader narrows the list first. */
export const EXPORT_ROW_LIMIT = 10_000;

type Options<Row> = {
  /** The list's name, which names the file. */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  exportRows?: () => Promise<readonly Row[]>;
  exportColumns?: (rows: readonly Row[]) => readonly CsvColumn<Row>[];
  total: number;
  totalCountKind: TotalCountKind;
};

/**
 * The table's CSV export: every row the list shows now, in the table's columns and the export's
 * own, downloaded as a file; refused with a word of advice past EXPORT_ROW_LIMIT rows.
 */
export function useCsvExport<Row>({ label, columns, exportRows, exportColumns, total, totalCountKind }: Options<Row>) {
  const [exporting, setExporting] = useState(false);
  async function download() {
    if (!exportRows) return;
    if (total > EXPORT_ROW_LIMIT || totalCountKind !== 'EXACT') {
      toaster.warning({
        title: 'Too many rows to export',
        description: `Search or filter the list to ${formatNumber(EXPORT_ROW_LIMIT)} rows or fewer, then export again.`,
        closable: true,
      });
      return;
    }
    setExporting(true);
    try {
      // Loaded on first export: most visits never export, so the CSV writer stays out of the screen.
      const [csv, all] = await Promise.all([loadChunk(() => import('@/lib/csv')), exportRows()]);
      csv.downloadText(csv.csvFileName(label), csv.toCsv([...csvColumns(columns), ...(exportColumns?.(all) ?? [])], all));
    } catch (failure) {
      toastFailure('The export did not finish', failure);
    } finally {
      setExporting(false);
    }
  }
  return { exporting, download };
}
