import { NativeSelect, type FieldRootProps } from '@chakra-ui/react';
import { FormField } from '../../../components/FormField';

type Product = { id: string; name: string };

type Props = { products: readonly Product[]; testId: string; gridColumn?: FieldRootProps['gridColumn'] };

/** The product a new plan or role belongs to, chosen once: it never changes afterwards. */
export function ProductField({ products, testId, gridColumn }: Props) {
  return (
    <FormField name="productId" label="Product" required testId={testId} gridColumn={gridColumn}>
      {(control) => (
        <NativeSelect.Root>
          <NativeSelect.Field {...control}>
            <option value="">Choose a product</option>
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </FormField>
  );
}
