import { Box, Button, Flex, IconButton, Link, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuPencil, LuPlus } from 'react-icons/lu';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { useProductMasterLazyQuery, useProductMasterQuery, type ManagedProductFieldsFragment } from '../../../generated/graphql';
import { collectAllPages } from '../../../lib/collectPages';
import { useListState } from '../../../lib/useListState';
import { productList } from '../productList';
import { ProductFormDialog } from './ProductFormDialog';

type Product = ManagedProductFieldsFragment;

/** The product master: what the provider sells, where each product runs and what it includes. */
export function ProductMasterSection() {
  const list = useListState(productList);
  const { data, previousData, loading, error, refetch } = useProductMasterQuery({
    variables: list.variables,
    notifyOnNetworkStatusChange: true,
  });
  const [fetchPage] = useProductMasterLazyQuery({ fetchPolicy: 'network-only' });
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const page = (data ?? previousData)?.productMaster;

  const columns = useMemo<DataTableColumn<Product>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: 'Product' },
      { id: 'code', accessorKey: 'code', header: 'Code' },
      {
        id: 'domain',
        accessorKey: 'domain',
        header: 'Address',
        cell: ({ row: { original: product } }) => (
          <Link href={product.domain} target="_blank" rel="noreferrer" color="brand.fg">
            {product.domain}
          </Link>
        ),
      },
      {
        id: 'included',
        header: 'Includes',
        meta: { csv: (product) => product.includedProducts.join(', '), csvHeader: 'Includes' },
        cell: ({ row: { original: product } }) =>
          product.includedProducts.length ? product.includedProducts.join(', ') : <Text color="fg.muted">Nothing listed</Text>,
      },
      { id: 'plans', accessorKey: 'planCount', header: 'Plans', meta: { numeric: true } },
      {
        id: 'actions',
        // Hidden text is positioned: anchored to the cell, it stays inside the table's scrolling box.
        header: () => (
          <Box as="span" position="relative">
            <Text srOnly>Actions</Text>
          </Box>
        ),
        meta: { csv: false },
        cell: ({ row: { original: product } }) => (
          <IconButton
            variant="ghost"
            size="sm"
            aria-label={`Edit ${product.name}`}
            onClick={() => setEditing(product)}
            data-testid="product-edit"
          >
            <LuPencil />
          </IconButton>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <Flex justify="flex-end" mb="3">
        <Button colorPalette="brand" onClick={() => setEditing('new')} data-testid="product-add">
          <LuPlus aria-hidden />
          Add product
        </Button>
      </Flex>
      <DataTable
        label="Products"
        testId="product-table"
        columns={columns}
        rows={page?.nodes}
        totalCount={page?.totalCount}
        getRowId={(product) => product.id}
        list={list}
        loading={loading}
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        empty={{
          title: 'No products yet',
          description: 'Add the first product the provider sells, then its plans.',
          action: (
            <Button colorPalette="brand" onClick={() => setEditing('new')}>
              Add product
            </Button>
          ),
        }}
        search={{ label: 'Search products', placeholder: 'Name, code or address' }}
        exportRows={() =>
          collectAllPages(async (window) => {
            const answer = await fetchPage({ variables: { ...list.variables, page: window } });
            if (!answer.data) throw answer.error ?? new Error('The products could not be loaded');
            return answer.data.productMaster;
          })
        }
      />
      {editing && <ProductFormDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
