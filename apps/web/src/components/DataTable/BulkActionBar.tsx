import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { LuX } from 'react-icons/lu';

/** An action on the selected rows, offered by the screen (activate, resend invitation, …). */
export type BulkAction<Row> = {
  label: string;
  icon?: ReactElement;
  /** Actions that remove or end something are shown in red. */
  tone?: 'danger';
  /**
   * The rows it can change (no "Activate" for people already active): the action is offered only
   * while one of the selected rows is such a row, and gets only those. Every row when left out.
   */
  appliesTo?: (row: Row) => boolean;
  /** The selection is cleared when the promise resolves; a rejection leaves it for another try. */
  onAction: (rows: Row[]) => unknown;
};

/** The selected rows an action would change. */
export const rowsFor = <Row,>(action: BulkAction<Row>, selected: readonly Row[]): Row[] =>
  action.appliesTo ? selected.filter(action.appliesTo) : [...selected];

type Props<Row> = {
  selected: readonly Row[];
  actions: readonly BulkAction<Row>[];
  busyAction: string | null;
  onAction: (action: BulkAction<Row>) => void;
  onClear: () => void;
};

export function BulkActionBar<Row>({ selected, actions, busyAction, onAction, onClear }: Props<Row>) {
  const offered = actions.map((action) => ({ action, rows: rowsFor(action, selected).length })).filter(({ rows }) => rows > 0);
  return (
    <Flex
      role="group"
      aria-label="Actions on selected rows"
      wrap="wrap"
      align="center"
      gap="3"
      px="3"
      py="2"
      mb="3"
      rounded="lg"
      bg="brand.subtle"
      borderWidth="1px"
      borderColor="brand.muted"
      _dark={{ bg: 'bg.emphasized', borderColor: 'border.emphasized' }}
      data-testid="bulk-bar"
    >
      <Text fontWeight="semibold" fontSize="sm" data-testid="bulk-count">
        {selected.length} selected
      </Text>
      <HStack gap="2" wrap="wrap" flex="1">
        {offered.length === 0 && (
          <Text fontSize="sm" color="fg.muted" data-testid="bulk-none">
            None of the actions applies to the selected rows
          </Text>
        )}
        {offered.map(({ action, rows }) => (
          <Button
            key={action.label}
            size="sm"
            variant="outline"
            bg="bg"
            colorPalette={action.tone === 'danger' ? 'red' : 'gray'}
            loading={busyAction === action.label}
            disabled={busyAction !== null && busyAction !== action.label}
            onClick={() => onAction(action)}
          >
            {action.icon}
            {action.label}
            {rows < selected.length && ` (${rows} of ${selected.length})`}
          </Button>
        ))}
      </HStack>
      <Button size="sm" variant="ghost" onClick={onClear}>
        <LuX aria-hidden />
        Clear selection
      </Button>
    </Flex>
  );
}
