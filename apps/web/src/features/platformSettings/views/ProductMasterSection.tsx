import { Link, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { DataTableColumn } from '@/components/DataTable';
import { ProductMasterDocument, useProductMasterQuery, type ManagedProductFieldsFragment } from '@/generated/graphql';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { MasterSection } from '@/features/platformSettings/master/MasterSection';
import { productList } from '@/features/platformSettings/productList';
import { ProductFormDialog } from './ProductFormDialog';

type Product = ManagedProductFieldsFragment;

/** The product master: what the provider sells, where each product runs and what it includes. */
export function ProductMasterSection() {
  const list = useListState(productList);
  const { table } = useListQuery(useProductMasterQuery, ProductMasterDocument, list, (answer) => answer.productMaster);

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
    ],
    [],
  );

  return (
    <MasterSection
      noun="product"
      label="Products"
      addLabel="Add product"
      emptyDescription="Add the first product the provider sells, then its plans."
      rowName={(product) => product.name}
      columns={columns}
      {...table}
      search={{ label: 'Search products', placeholder: 'Name, code or address' }}
      form={(product, close) => <ProductFormDialog product={product} onClose={close} />}
    />
  );
}
