import { Alert, Button, DataList, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import type { EnquiryInput } from '@yozy/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormField } from '@/components/FormField';
import { SelectControl } from '@/components/SelectControl';
import type { Plan, Product } from '@/features/signup/enquiryForm';
import { planOptionLabel } from '@/features/signup/enquiryForm';
import { frequencyLabel } from '@/lib/labels';
import { formatMoney, formatNumber } from '@/lib/numbers';

type Props = {
  products: readonly Product[];
  loading: boolean;
  loadError: string | null;
  onRetry: () => void;
};

/** Product, then one of its plans with what it costs and how many seats it has; inside the enquiry's kit form. */
export function SubscriptionFields({ products, loading, loadError, onRetry }: Props) {
  const { setValue } = useFormContext<EnquiryInput>();
  const [productId, planId] = useWatch<EnquiryInput, ['productId', 'planId']>({ name: ['productId', 'planId'] });
  const product = products.find((p) => p.id === String(productId));
  const plan = product?.plans.find((p) => p.id === String(planId));
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
        <FormField
          name="productId"
          label="Product"
          required
          disabled={unavailable}
          testId="signup-product"
          // A plan belongs to one product: choosing another product drops the plan.
          rules={{ onChange: () => setValue('planId', '') }}
        >
          {(control) => (
            <SelectControl
              {...control}
              options={[['', loading ? 'Loading…' : 'Choose a product'], ...products.map((p) => [p.id, p.name] as const)]}
            />
          )}
        </FormField>
        <FormField name="planId" label="Plan" required disabled={unavailable || !product} testId="signup-plan">
          {(control) => (
            <SelectControl
              {...control}
              options={[
                ['', product ? 'Choose a plan' : 'Choose a product first'],
                ...(product?.plans ?? []).map((p) => [p.id, planOptionLabel(p)] as const),
              ]}
            />
          )}
        </FormField>
      </SimpleGrid>
      {plan && <PlanDetails plan={plan} />}
    </Stack>
  );
}

function PlanDetails({ plan }: { plan: Plan }) {
  const items = [
    ['Cost', formatMoney(plan.cost)],
    ['Currency', plan.currency],
    ['Billed', frequencyLabel(plan.frequency)],
    ['Seats', formatNumber(plan.capacity)],
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
