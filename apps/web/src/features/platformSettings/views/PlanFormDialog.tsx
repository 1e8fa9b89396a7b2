import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { PlanInput } from '@yozy/shared';
import { MutationForm } from '../../../components/MutationForm';
import {
  usePlanCreateMutation,
  usePlanProductOptionsQuery,
  usePlanUpdateMutation,
  type ManagedPlanFieldsFragment,
} from '../../../generated/graphql';
import { dropListPages } from '../../../lib/listCache';
import { toaster } from '../../../lib/toaster';
import { useMutationForm } from '../../../lib/useMutationForm';
import { PlanFormFields } from '../components/PlanFormFields';

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
  planGroup: plan.planGroup,
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
  const products = usePlanProductOptionsQuery({ skip: plan !== null });
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
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size={{ base: 'full', md: 'lg' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="plan-dialog" minH={{ md: 'auto' }} rounded={{ md: 'l3' }}>
            <Dialog.Header>
              <Dialog.Title>{plan ? `Edit ${plan.name}` : 'Add a plan'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <MutationForm kit={kit} label={plan ? `Edit ${plan.name}` : 'Add a plan'} testId="plan-form" alertTestId="plan-form-alert">
                <PlanFormFields products={plan ? null : (products.data?.products ?? [])} productName={plan?.productName} />
              </MutationForm>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={kit.submitting}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button type="submit" form={kit.formId} colorPalette="brand" loading={kit.submitting} data-testid="plan-save">
                {plan ? 'Save' : 'Add plan'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
