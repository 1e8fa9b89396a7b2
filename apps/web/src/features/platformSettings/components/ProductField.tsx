import { type FieldRootProps } from '@chakra-ui/react';
import { FormField } from '@/components/FormField';
import { SelectControl } from '@/components/SelectControl';

type Product = { id: string; name: string };

type Props = { products: readonly Product[]; testId: string; gridColumn?: FieldRootProps['gridColumn'] };

/** The product a new plan or role belongs to, chosen once: it never changes afterwards. */
export function ProductField({ products, testId, gridColumn }: Props) {
  return (
    <FormField name="productId" label="Product" required testId={testId} gridColumn={gridColumn}>
      {(control) => (
        <SelectControl
          {...control}
          options={[['', 'Choose a product'], ...products.map((product) => [product.id, product.name] as const)]}
        />
      )}
    </FormField>
  );
}
