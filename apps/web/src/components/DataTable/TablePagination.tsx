import { chakra, Flex, HStack, IconButton, NativeSelect, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { LuChevronLeft, LuChevronRight, LuChevronsLeft, LuChevronsRight } from 'react-icons/lu';
import type { TotalCountKind } from '@/generated/schema';
import { formatNumber } from '@/lib/numbers';

/** "312", or "more than 10,000" when the server stopped counting there. */
export function totalText(totalCount: number, kind: TotalCountKind = 'EXACT'): string {
  return kind === 'MORE_THAN' ? `more than ${formatNumber(totalCount)}` : formatNumber(totalCount);
}

/** "26–50 of 312" for page 2 of 25 rows; "1–25 of more than 10,000"; "0 of 0" for an empty list. */
export function rangeText(page: number, pageSize: number, totalCount: number, rowsOnPage: number, kind: TotalCountKind = 'EXACT'): string {
  if (totalCount === 0 || rowsOnPage === 0) return `0 of ${totalText(totalCount, kind)}`;
  const first = (page - 1) * pageSize + 1;
  const last = first + rowsOnPage - 1;
  return `${formatNumber(first)}–${formatNumber(last)} of ${totalText(totalCount, kind)}`;
}

/** The pages of an exact total; of more than `totalCount` rows, the pages they more than fill. */
export function pageCountOf(totalCount: number, pageSize: number, kind: TotalCountKind = 'EXACT'): number {
  if (kind === 'MORE_THAN') return Math.max(1, Math.floor(totalCount / pageSize));
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

/** "Page 3 of 13", or "Page 3 of more than 400" while the total is not counted to its end. */
export function pageText(page: number, pageSize: number, totalCount: number, kind: TotalCountKind = 'EXACT'): string {
  const pages = pageCountOf(totalCount, pageSize, kind);
  return `Page ${formatNumber(page)} of ${kind === 'MORE_THAN' ? 'more than ' : ''}${formatNumber(pages)}`;
}

type Props = {
  label: string;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  totalCount: number;
  /** MORE_THAN: the list goes on past `totalCount`, so a next page follows and its last page is not known. */
  totalCountKind?: TotalCountKind;
  rowsOnPage: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
};

export function TablePagination({
  label,
  page,
  pageSize,
  pageSizes,
  totalCount,
  totalCountKind = 'EXACT',
  rowsOnPage,
  onPageChange,
  onPageSizeChange,
}: Props) {
  const sizeId = useId();
  const counted = totalCountKind === 'EXACT';
  const pageCount = pageCountOf(totalCount, pageSize);
  const atStart = page <= 1;
  const atEnd = counted && page >= pageCount;
  return (
    <Flex
      as="nav"
      aria-label={`${label} pages`}
      wrap="wrap"
      align="center"
      justify="space-between"
      gap={{ base: '3', md: '6' }}
      pt="3"
      fontSize="sm"
      color="fg.muted"
      data-testid="table-pagination"
    >
      <HStack gap="2">
        <chakra.label htmlFor={sizeId} whiteSpace="nowrap">
          Rows per page
        </chakra.label>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field id={sizeId} value={pageSize} onChange={(event) => onPageSizeChange(Number(event.target.value))} bg="bg">
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <HStack gap={{ base: '2', md: '4' }} wrap="wrap">
        {/* Said again after every change of page, size, sort or search. */}
        <Text aria-live="polite" aria-atomic="true" color="fg" fontVariantNumeric="tabular-nums" data-testid="table-range">
          {rangeText(page, pageSize, totalCount, rowsOnPage, totalCountKind)}
        </Text>
        <HStack gap="1">
          <IconButton aria-label="First page" variant="ghost" size="sm" disabled={atStart} onClick={() => onPageChange(1)}>
            <LuChevronsLeft />
          </IconButton>
          <IconButton aria-label="Previous page" variant="ghost" size="sm" disabled={atStart} onClick={() => onPageChange(page - 1)}>
            <LuChevronLeft />
          </IconButton>
          <Text whiteSpace="nowrap" px="1" fontVariantNumeric="tabular-nums" data-testid="table-page">
            {pageText(page, pageSize, totalCount, totalCountKind)}
          </Text>
          <IconButton aria-label="Next page" variant="ghost" size="sm" disabled={atEnd} onClick={() => onPageChange(page + 1)}>
            <LuChevronRight />
          </IconButton>
          {/* A list counted only so far has no known last page: its end is its first page sorted the other way. */}
          <IconButton
            aria-label="Last page"
            title={counted ? undefined : 'The end of this list is not counted: sort the other way to see it first'}
            variant="ghost"
            size="sm"
            disabled={atEnd || !counted}
            onClick={() => onPageChange(pageCount)}
          >
            <LuChevronsRight />
          </IconButton>
        </HStack>
      </HStack>
    </Flex>
  );
}
