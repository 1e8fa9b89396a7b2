import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { LuX } from 'react-icons/lu';

/** An action on the selected rows, offered by the screen (activate, resend invitation, …). */
export type BulkAction<Row> = {
  label: string;
  icon?: ReactElement;
  /** Actions that remove or end something are shown in red. */
  tone?: 'danger';
  /** The selection is cleared when the promise resolves; a rejection leaves it for another try. */
  onAction: (rows: Row[]) => unknown;
};

type Props<Row> = {
  count: number;
  actions: readonly BulkAction<Row>[];
  busyAction: string | null;
  onAction: (action: BulkAction<Row>) => void;
  onClear: () => void;
};

export function BulkActionBar<Row>({ count, actions, busyAction, onAction, onClear }: Props<Row>) {
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
        {count} selected
      </Text>
      <HStack gap="2" wrap="wrap" flex="1">
        {actions.map((action) => (
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
