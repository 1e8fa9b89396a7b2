import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { LuPencil, LuPlus } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/DataTable';
import { failureMessage } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { MasterRowActions } from './MasterRowActions';

/** A label inside a sentence: lower case, but an acronym stays as it is ("API keys" → "API keys", "Plans" → "plans"). */
const inSentence = (label: string) =>
  label
    .split(' ')
    .map((word) => (/^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');

/** Something done to one record from its row, after a confirmation when `confirm` says what will happen. */
export type MasterAction<Row> = {
  value: string;
  label: string;
  icon: ReactElement;
  /** The rows it applies to; every row when absent. */
  when?: (row: Row) => boolean;
  destructive?: boolean;
  confirm?: (row: Row) => { title: string; body: ReactNode; confirmLabel: string };
  /** Does it; a thrown error shows in the confirmation, or in a toast titled `failure` without one. */
  run: (row: Row) => Promise<unknown>;
  failure?: (row: Row) => string;
};

type Props<Row extends { id: string }> = Pick<
  DataTableProps<Row>,
  'label' | 'rows' | 'totalCount' | 'totalCountKind' | 'list' | 'loading' | 'error' | 'search' | 'filters' | 'exportRows'
> & {
  /** Names the test ids: `<noun>-add`, `<noun>-table`, `<noun>-confirm`, and the row actions'. */
  noun: string;
  /** The add button's words, e.g. "Add region". */
  addLabel: string;
  /** What the empty list says before the first record. */
  emptyDescription: string;
  rowName: (row: Row) => string;
  columns: DataTableColumn<Row>[];
  /** The form of a new record (`null`) or of one to edit; absent: records are not added here. */
  form?: (row: Row | null, close: () => void) => ReactNode;
  /** Whether a row's Edit action shows; every row's when absent. */
  editable?: (row: Row) => boolean;
  actions?: readonly MasterAction<Row>[];
  onRetry: () => void;
};

/**
 * A master of Platform Settings: its list (DataTable, state in the address), the Add button, each
 * row's actions (Edit opens the form; others ask first when they take something away) and the form
 * dialog. Each section gives its query's rows, columns, form and actions.
 */
export function MasterSection<Row extends { id: string }>({
  noun,
  addLabel,
  emptyDescription,
  rowName,
  columns,
  form,
  editable = () => true,
  actions = [],
  onRetry,
  ...table
}: Props<Row>) {
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [confirming, setConfirming] = useState<{ action: MasterAction<Row>; row: Row } | null>(null);

  const act = (row: Row, value: string) => {
    if (value === 'edit') return setEditing(row);
    const action = actions.find((candidate) => candidate.value === value);
    if (!action) return;
    if (action.confirm) return setConfirming({ action, row });
    action.run(row).catch((failure: unknown) =>
      toaster.error({
        title: action.failure?.(row) ?? `${action.label} did not work for ${rowName(row)}`,
        description: failureMessage(failure),
      }),
    );
  };

  const allColumns = useMemo<DataTableColumn<Row>[]>(
    () => [
      ...columns,
      {
        id: 'actions',
        // Hidden text is positioned: anchored to the cell, it stays inside the table's scrolling box.
        header: () => (
          <Box as="span" position="relative">
            <Text srOnly>Actions</Text>
          </Box>
        ),
        meta: { csv: false },
        cell: ({ row: { original: row } }) => (
          <MasterRowActions
            noun={noun}
            rowName={rowName(row)}
            items={[
              ...(form && editable(row) ? [{ value: 'edit', label: 'Edit', icon: <LuPencil aria-hidden /> }] : []),
              ...actions.filter((action) => action.when?.(row) ?? true),
            ]}
            onAction={(value) => act(row, value)}
          />
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the actions reach state through setters, which never change
    [columns, actions],
  );

  const addButton = form && (
    <Button colorPalette="brand" onClick={() => setEditing('new')}>
      <LuPlus aria-hidden />
      {addLabel}
    </Button>
  );
  const confirmation = confirming?.action.confirm?.(confirming.row);

  return (
    <>
      {form && (
        <Flex justify="flex-end" mb="3">
          <Button colorPalette="brand" onClick={() => setEditing('new')} data-testid={`${noun}-add`}>
            <LuPlus aria-hidden />
            {addLabel}
          </Button>
        </Flex>
      )}
      <DataTable
        {...table}
        testId={`${noun}-table`}
        columns={allColumns}
        getRowId={(row) => row.id}
        onRetry={onRetry}
        empty={{ title: `No ${inSentence(table.label)} yet`, description: emptyDescription, action: addButton }}
      />
      {form && editing && form(editing === 'new' ? null : editing, () => setEditing(null))}
      <ConfirmDialog
        open={confirming !== null}
        title={confirmation?.title ?? ''}
        confirmLabel={confirmation?.confirmLabel ?? ''}
        destructive={confirming?.action.destructive}
        onConfirm={() => confirming!.action.run(confirming!.row)}
        onClose={() => setConfirming(null)}
        testId={`${noun}-confirm`}
      >
        {confirmation?.body}
      </ConfirmDialog>
    </>
  );
}
