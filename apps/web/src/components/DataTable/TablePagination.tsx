import { chakra, Flex, HStack, IconButton, NativeSelect, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { LuChevronLeft, LuChevronRight, LuChevronsLeft, LuChevronsRight } from 'react-icons/lu';
import { formatNumber } from '@/lib/numbers';

/** "26–50 of 312" for page 2 of 25 rows; "0 of 0" for an empty list. */
export function rangeText(page: number, pageSize: number, totalCount: number, rowsOnPage: number): string {
  if (totalCount === 0 || rowsOnPage === 0) return `0 of ${formatNumber(totalCount)}`;
  const first = (page - 1) * pageSize + 1;
  const last = first + rowsOnPage - 1;
  return `${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(totalCount)}`;
}

export function pageCountOf(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

type Props = {
  label: string;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  totalCount: number;
  rowsOnPage: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
};

export function TablePagination({ label, page, pageSize, pageSizes, totalCount, rowsOnPage, onPageChange, onPageSizeChange }: Props) {
  const sizeId = useId();
  const pageCount = pageCountOf(totalCount, pageSize);
  const atStart = page <= 1;
  const atEnd = page >= pageCount;
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
          {rangeText(page, pageSize, totalCount, rowsOnPage)}
        </Text>
        <HStack gap="1">
          <IconButton aria-label="First page" variant="ghost" size="sm" disabled={atStart} onClick={() => onPageChange(1)}>
            <LuChevronsLeft />
          </IconButton>
          <IconButton aria-label="Previous page" variant="ghost" size="sm" disabled={atStart} onClick={() => onPageChange(page - 1)}>
            <LuChevronLeft />
          </IconButton>
          <Text whiteSpace="nowrap" px="1" fontVariantNumeric="tabular-nums" data-testid="table-page">
            Page {formatNumber(page)} of {formatNumber(pageCount)}
          </Text>
          <IconButton aria-label="Next page" variant="ghost" size="sm" disabled={atEnd} onClick={() => onPageChange(page + 1)}>
            <LuChevronRight />
          </IconButton>
          <IconButton aria-label="Last page" variant="ghost" size="sm" disabled={atEnd} onClick={() => onPageChange(pageCount)}>
            <LuChevronsRight />
          </IconButton>
        </HStack>
      </HStack>
    </Flex>
  );
}
