import { Alert, Button, DataList, Field, HStack, NativeSelect, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import type { EnquiryErrors, EnquiryField, Plan, Product } from '../enquiryForm';
import { frequencyLabel, planOptionLabel } from '../enquiryForm';

type Props = {
  products: readonly Product[];
  loading: boolean;
  loadError: string | null;
  productId: string;
  planId: string;
  errors: EnquiryErrors;
  onChange: (field: EnquiryField, value: string) => void;
  onRetry: () => void;
};

/** Product, then one of its plans with what it costs and how many seats it has. */
export function SubscriptionFields({ products, loading, loadError, productId, planId, errors, onChange, onRetry }: Props) {
  const product = products.find((p) => p.id === productId);
  const plan = product?.plans.find((p) => p.id === planId);
  const unavailable = loading || loadError !== null;

  return (
    <Stack gap="4">
      {loading && (
        <HStack gap="2" role="status" aria-live="polite" color="fg.muted" data-testid="signup-products-loading">
          <Spinner size="sm" color="brand.solid" />
          <Text fontSize="sm">Loading products…</Text>
        </HStack>
      )}
      {loadError && (
        <Alert.Root status="warning" rounded="md" data-testid="signup-products-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The products could not be loaded.</Alert.Title>
            <Alert.Description>{loadError}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={onRetry} alignSelf="center">
            Try again
          </Button>
        </Alert.Root>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field.Root invalid={Boolean(errors.productId)} required disabled={unavailable}>
          <Field.Label>
            Product
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="productId"
              value={productId}
              onChange={(event) => onChange('productId', event.target.value)}
              data-testid="signup-product"
            >
              <option value="">{loading ? 'Loading…' : 'Choose a product'}</option>
              {products.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText data-testid="signup-product-error">{errors.productId}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.planId)} required disabled={unavailable || !product}>
          <Field.Label>
            Plan
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="planId"
              value={planId}
              onChange={(event) => onChange('planId', event.target.value)}
              data-testid="signup-plan"
            >
              <option value="">{product ? 'Choose a plan' : 'Choose a product first'}</option>
              {product?.plans.map((p) => (
                <option key={p.id} value={p.id}>
                  {planOptionLabel(p)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText data-testid="signup-plan-error">{errors.planId}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      {plan && <PlanDetails plan={plan} />}
    </Stack>
  );
}

function PlanDetails({ plan }: { plan: Plan }) {
  const items = [
    ['Cost', new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(plan.cost)],
    ['Currency', plan.currency],
    ['Billed', frequencyLabel(plan.frequency)],
    ['Seats', String(plan.capacity)],
  ] as const;
  return (
    <DataList.Root
      orientation="vertical"
      size="sm"
      flexDirection="row"
      flexWrap="wrap"
      gap="8"
      px="5"
      py="3"
      rounded="md"
      bg="bg.muted"
      alignSelf="start"
      aria-label="Chosen plan"
      data-testid="signup-plan-details"
    >
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="medium">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
