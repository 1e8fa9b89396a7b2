import { Button, CloseButton, Flex, HStack, Input, InputGroup } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuDownload, LuSearch } from 'react-icons/lu';

export type TableSearch = {
  /** The search box's accessible name, e.g. "Search organizations". */
  label: string;
  /** A hint of what is searched, e.g. "Name or email". */
  placeholder?: string;
};

type Props = {
  search?: TableSearch;
  searchText: string;
  onSearchTextChange: (text: string) => void;
  filters?: ReactNode;
  exporting: boolean;
  canExport: boolean;
  onExport?: () => void;
  /** The menu choosing which columns show. */
  columnsMenu?: ReactNode;
};

export function TableToolbar({ search, searchText, onSearchTextChange, filters, exporting, canExport, onExport, columnsMenu }: Props) {
  if (!search && !filters && !onExport && !columnsMenu) return null;
  return (
    <Flex wrap="wrap" align="center" gap="3" mb="3" data-testid="table-toolbar">
      {search && (
        <InputGroup
          flex={{ base: '1 1 100%', sm: '1 1 16rem' }}
          maxW={{ sm: 'sm' }}
          startElement={<LuSearch aria-hidden />}
          endElement={
            searchText ? <CloseButton size="xs" aria-label="Clear search" onClick={() => onSearchTextChange('')} me="-2" /> : undefined
          }
        >
          <Input
            type="search"
            aria-label={search.label}
            placeholder={search.placeholder}
            value={searchText}
            onChange={(event) => onSearchTextChange(event.target.value)}
            bg="bg"
            // The clear button above replaces the browser's own, which differs per browser.
            css={{ '&::-webkit-search-cancel-button': { display: 'none' } }}
            data-testid="table-search"
          />
        </InputGroup>
      )}
      {filters}
      {(onExport || columnsMenu) && (
        <HStack gap="3" ms={{ sm: 'auto' }}>
          {columnsMenu}
          {onExport && (
            <Button
              variant="outline"
              bg="bg"
              loading={exporting}
              loadingText="Exporting…"
              disabled={!canExport}
              onClick={onExport}
              data-testid="table-export"
            >
              <LuDownload aria-hidden />
              Export CSV
            </Button>
          )}
        </HStack>
      )}
    </Flex>
  );
}
