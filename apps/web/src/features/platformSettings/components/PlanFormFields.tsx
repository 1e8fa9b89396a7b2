import { Input, SimpleGrid, Text } from '@chakra-ui/react';
import { PLAN_GROUP_LABELS, PLAN_GROUPS, isPlanGroup } from '@yozy/shared';
import { FormField } from '@/components/FormField';
import { SelectControl, type SelectOption } from '@/components/SelectControl';
import { ProductField } from './ProductField';

const FREQUENCY_OPTIONS: readonly SelectOption[] = [
  ['MONTHLY', 'Monthly'],
  ['YEARLY', 'Yearly'],
];

type Product = { id: string; name: string };

/**
 * The plan groups in words. A group stored before the list was closed stays shown as it is, marked,
 * so the person sees it and the form asks for a choice from the list when it is saved.
 */
function planGroupOptions(current: string | undefined): SelectOption[] {
  const listed = PLAN_GROUPS.map((group): SelectOption => [group, PLAN_GROUP_LABELS[group]]);
  return current && !isPlanGroup(current) ? [[current, `${current} (not in the list)`], ...listed] : listed;
}

type Props = {
  /** Products on sale, for a new plan; an existing plan stays with its product, named here instead. */
  products: readonly Product[] | null;
  productName?: string;
  /** The plan's group as stored, for a plan being changed. */
  planGroup?: string;
};

/** The fields of a plan: product, name, group, price and the number of users it allows. */
export function PlanFormFields({ products, productName, planGroup }: Props) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {products ? (
        <ProductField products={products} testId="plan-product" gridColumn={{ md: 'span 2' }} />
      ) : (
        <Text gridColumn={{ md: 'span 2' }} color="fg.muted" fontSize="sm" data-testid="plan-product-name">
          Product: {productName}
        </Text>
      )}
      <FormField name="name" label="Plan name" required testId="plan-name">
        {(control) => <Input {...control} autoComplete="off" />}
      </FormField>
      <FormField
        name="planGroup"
        label="Plan group"
        required
        help="Where people go after setting a password: Lite to the lite product, Standard to the web product"
        testId="plan-group"
      >
        {(control) => <SelectControl {...control} options={planGroupOptions(planGroup)} />}
      </FormField>
      <FormField name="cost" label="Cost" required testId="plan-cost">
        {(control) => <Input {...control} inputMode="decimal" autoComplete="off" placeholder="49.00" />}
      </FormField>
      <FormField name="currency" label="Currency" required testId="plan-currency">
        {(control) => <Input {...control} autoComplete="off" maxLength={3} placeholder="USD" />}
      </FormField>
      <FormField name="frequency" label="Billed" required testId="plan-frequency">
        {(control) => <SelectControl {...control} options={FREQUENCY_OPTIONS} />}
      </FormField>
      <FormField name="capacity" label="Users allowed" required help="A hard limit on seats" testId="plan-capacity">
        {(control) => <Input {...control} inputMode="numeric" autoComplete="off" placeholder="50" />}
      </FormField>
    </SimpleGrid>
  );
}
