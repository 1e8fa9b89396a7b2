import { Input, SimpleGrid } from '@chakra-ui/react';
import { FormField } from '@/components/FormField';

/** The fields of a product: name, code, the address where it runs and what it includes. */
export function ProductFormFields() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField name="name" label="Product name" required testId="product-name">
        {(control) => <Input {...control} autoComplete="off" />}
      </FormField>
      <FormField name="code" label="Code" required help="Capital letters, digits and -" testId="product-code">
        {(control) => <Input {...control} autoComplete="off" placeholder="YOZY-WEB" />}
      </FormField>
      <FormField
        name="domain"
        label="Address"
        required
        help="Where the product runs; users go there after setting a password"
        testId="product-domain"
        gridColumn={{ md: 'span 2' }}
      >
        {(control) => <Input {...control} type="url" inputMode="url" autoComplete="off" placeholder="https://app.example.com" />}
      </FormField>
      <FormField
        name="includedProducts"
        label="Included products"
        help="Separated by commas, such as Projects, Reports"
        testId="product-included"
        gridColumn={{ md: 'span 2' }}
      >
        {(control) => <Input {...control} autoComplete="off" />}
      </FormField>
    </SimpleGrid>
  );
}
