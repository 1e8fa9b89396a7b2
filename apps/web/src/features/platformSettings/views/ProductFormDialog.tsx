import type { ProductInput } from '@yozy/shared';
import { useProductCreateMutation, useProductUpdateMutation, type ManagedProductFieldsFragment } from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';
import { ProductFormFields } from '@/features/platformSettings/components/ProductFormFields';
import { FormDialog } from '@/components/FormDialog';

// The shared rules load when the dialog opens, keeping zod off the list's first paint.
const productInputSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.productInput);

const NEW_PRODUCT: ProductInput = { name: '', code: '', domain: 'https://', includedProducts: '' };

const valuesOf = (product: ManagedProductFieldsFragment): ProductInput => ({
  name: product.name,
  code: product.code,
  domain: product.domain,
  includedProducts: product.includedProducts.join(', '),
});

type Props = {
  /** The product to edit; none for a new one. */
  product: ManagedProductFieldsFragment | null;
  onClose: () => void;
};

/** Adds a product, or changes one, in a dialog over the product master. */
export function ProductFormDialog({ product, onClose }: Props) {
  // A new product belongs on some page of the list, and in the plan form's product choice.
  const [createProduct] = useProductCreateMutation({
    update: (cache) => {
      dropListPages(cache, 'productMaster');
      dropListPages(cache, 'products');
    },
  });
  const [updateProduct] = useProductUpdateMutation({ update: (cache) => dropListPages(cache, 'products') });
  const kit = useMutationForm({
    schema: productInputSchema,
    defaultValues: product ? valuesOf(product) : NEW_PRODUCT,
    call: async (values) => {
      if (product) return (await updateProduct({ variables: { input: { id: product.id, ...values } } })).data?.updateProduct;
      return (await createProduct({ variables: { input: values } })).data?.createProduct;
    },
    onSuccess: (payload) => {
      toaster.success({ title: product ? `${payload.product?.name} saved` : `${payload.product?.name} added` });
      onClose();
    },
  });

  return (
    <FormDialog
      noun="product"
      title={product ? `Edit ${product.name}` : 'Add a product'}
      kit={kit}
      submitLabel={product ? 'Save' : 'Add product'}
      onClose={onClose}
    >
      <ProductFormFields />
    </FormDialog>
  );
}
