import { chakra, Icon } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';

type Props = { sorted: 'asc' | 'desc' | false; numeric?: boolean; onClick: (event: unknown) => void; children: ReactNode };

/**
 * A sortable column heading: a real button (Enter and Space work), while the heading cell
 * carries `aria-sort`, so screen readers announce the order with the column name.
 */
export function SortButton({ sorted, numeric = false, onClick, children }: Props) {
  const icon = sorted === 'asc' ? LuArrowUp : sorted === 'desc' ? LuArrowDown : LuArrowUpDown;
  return (
    <chakra.button
      type="button"
      onClick={onClick}
      display="inline-flex"
      alignItems="center"
      gap="1"
      flexDirection={numeric ? 'row-reverse' : 'row'}
      mx="-1"
      px="1"
      rounded="sm"
      font="inherit"
      color={sorted ? 'fg' : 'inherit'}
      cursor="pointer"
      _hover={{ color: 'fg' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
    >
      {children}
      <Icon as={icon} boxSize="3.5" opacity={sorted ? 1 : 0.45} aria-hidden />
    </chakra.button>
  );
}

/** A column's order as `aria-sort` says it; none on a column the list is not sorted by. */
export function ariaSort(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | undefined {
  if (sorted === 'asc') return 'ascending';
  if (sorted === 'desc') return 'descending';
  return undefined;
}
