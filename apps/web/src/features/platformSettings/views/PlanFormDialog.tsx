import type { PlanInput } from '@yozy/shared';
import {
  usePlanCreateMutation,
  useMasterProductOptionsQuery,
  usePlanUpdateMutation,
  type ManagedPlanFieldsFragment,
} from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';
import { PlanFormFields } from '@/features/platformSettings/components/PlanFormFields';
import { FormDialog } from '@/components/FormDialog';

// The shared rules load when the dialog opens, keeping zod off the list's first paint.
const planInputSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.planInput);

const NEW_PLAN: PlanInput = {
  productId: '',
  name: '',
  planGroup: 'STANDARD',
  cost: '',
  currency: 'USD',
  frequency: 'MONTHLY',
  capacity: '',
};

const valuesOf = (plan: ManagedPlanFieldsFragment): PlanInput => ({
  productId: plan.productId,
  name: plan.name,
  // A group stored before the list was closed is kept as it is: the select marks it, and saving asks for a choice.
  planGroup: plan.planGroup as PlanInput['planGroup'],
  cost: String(plan.cost),
  currency: plan.currency,
  frequency: plan.frequency as PlanInput['frequency'],
  capacity: String(plan.capacity),
});

type Props = {
  /** The plan to edit; none for a new one. */
  plan: ManagedPlanFieldsFragment | null;
  onClose: () => void;
};

/** Adds a plan, or changes one's terms, in a dialog over the plan master. */
export function PlanFormDialog({ plan, onClose }: Props) {
  const products = useMasterProductOptionsQuery({ skip: plan !== null });
  const [createPlan] = usePlanCreateMutation({ update: (cache) => dropListPages(cache, 'planMaster') });
  const [updatePlan] = usePlanUpdateMutation();
  const kit = useMutationForm({
    schema: planInputSchema,
    defaultValues: plan ? valuesOf(plan) : NEW_PLAN,
    call: async ({ productId, ...terms }) => {
      if (plan) return (await updatePlan({ variables: { input: { id: plan.id, ...terms } } })).data?.updatePlan;
      return (await createPlan({ variables: { input: { productId: String(productId), ...terms } } })).data?.createPlan;
    },
    onSuccess: (payload) => {
      toaster.success({ title: plan ? `${payload.plan?.name} saved` : `${payload.plan?.name} added` });
      onClose();
    },
  });

  return (
    <FormDialog
      noun="plan"
      title={plan ? `Edit ${plan.name}` : 'Add a plan'}
      kit={kit}
      submitLabel={plan ? 'Save' : 'Add plan'}
      onClose={onClose}
    >
      <PlanFormFields
        products={plan ? null : (products.data?.products ?? [])}
        productName={plan?.productName}
        planGroup={plan?.planGroup}
      />
    </FormDialog>
  );
}
