import { HStack, IconButton, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight, LuMoveHorizontal } from 'react-icons/lu';

type Props = {
  /** Columns are out of sight before / after what shows. */
  hiddenStart: boolean;
  hiddenEnd: boolean;
  onScroll: (direction: 'start' | 'end') => void;
  /** The table's name, so each button says which table it moves. */
  label: string;
};

/** Where the columns out of sight are, in words. */
function whereHidden(hiddenStart: boolean, hiddenEnd: boolean): string {
  if (hiddenStart && hiddenEnd) return 'More columns on both sides: scroll sideways';
  if (hiddenEnd) return 'More columns to the right: scroll sideways';
  return 'More columns to the left: scroll sideways';
}

/**
 * The sign above a table wider than its frame: that more columns exist and on which side, with
 * buttons that scroll the table (for pointers; keyboard users scroll the focusable table itself).
 */
export function ScrollHint({ hiddenStart, hiddenEnd, onScroll, label }: Props) {
  return (
    <HStack justify="flex-end" gap="2" mb="2" color="fg.muted" fontSize="sm" data-testid="table-scroll-hint">
      <LuMoveHorizontal aria-hidden />
      <Text aria-live="polite">{whereHidden(hiddenStart, hiddenEnd)}</Text>
      <IconButton
        size="2xs"
        variant="outline"
        rounded="full"
        aria-label={`Scroll ${label.toLowerCase()} to the left`}
        disabled={!hiddenStart}
        onClick={() => onScroll('start')}
        data-testid="table-scroll-start"
      >
        <LuChevronLeft />
      </IconButton>
      <IconButton
        size="2xs"
        variant="outline"
        rounded="full"
        aria-label={`Scroll ${label.toLowerCase()} to the right`}
        disabled={!hiddenEnd}
        onClick={() => onScroll('end')}
        data-testid="table-scroll-end"
      >
        <LuChevronRight />
      </IconButton>
    </HStack>
  );
}
