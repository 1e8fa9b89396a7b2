import { Text } from '@chakra-ui/react';
import type { AddLicenceInput, ChangeLicencePlanInput, ExtendLicenceInput } from '@yozy/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { DateControl } from '@/components/DateInput';
import { FormField } from '@/components/FormField';
import { SelectControl } from '@/components/SelectControl';
import { FormDialog } from '@/components/FormDialog';
import {
  useLicenceAddMutation,
  useLicenceChangePlanMutation,
  useLicenceExtendMutation,
  useLicencePlanOptionsQuery,
  type LicenceFieldsFragment,
  type LicencePlanOptionsQuery,
} from '@/generated/graphql';
import { formatDate } from '@/lib/dates';
import { frequencyLabel, frequencyPeriod } from '@/lib/labels';
import { dropListPages } from '@/lib/listCache';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';
import { onePeriodLater, today } from '@/features/subscriptions/period';

// The shared rules load when a dialog opens, keeping zod off the list's first paint.
const addSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.addLicenceInput);
const extendSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.extendLicenceInput);
const changePlanSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.changeLicencePlanInput);

type Product = LicencePlanOptionsQuery['products'][number];
type PlanOption = Product['plans'][number];

const planLabel = (plan: PlanOption) => `${plan.name} · ${plan.capacity} seats, ${frequencyLabel(plan.frequency).toLowerCase()}`;

function PlanSelect({ plans, testId, onPicked }: { plans: readonly PlanOption[]; testId: string; onPicked?: (plan: PlanOption) => void }) {
  return (
    <FormField
      name="planId"
      label="Plan"
      required
      testId={testId}
      rules={{
        onChange: (event: { target: { value: string } }) => {
          const plan = plans.find((option) => option.id === event.target.value);
          if (plan) onPicked?.(plan);
        },
      }}
    >
      {(control) => (
        <SelectControl {...control} options={[['', 'Choose a plan'], ...plans.map((plan) => [plan.id, planLabel(plan)] as const)]} />
      )}
    </FormField>
  );
}

function ValidTillField({ help, testId }: { help: ReactNode; testId: string }) {
  return (
    <FormField name="validTill" label="Valid till" required help={help} testId={testId}>
      {(control) => <DateControl {...control} pickerLabel="Choose the last valid day" />}
    </FormField>
  );
}

/** Product, then one of its plans; picking a plan sets the last day one period of it from today. */
function AddLicenceFields({ products }: { products: readonly Product[] }) {
  const { setValue } = useFormContext<AddLicenceInput>();
  const productId = useWatch<AddLicenceInput, 'productId'>({ name: 'productId' });
  const plans = products.find((product) => product.id === String(productId))?.plans ?? [];
  return (
    <>
      <FormField name="productId" label="Product" required testId="licence-add-product" rules={{ onChange: () => setValue('planId', '') }}>
        {(control) => (
          <SelectControl
            {...control}
            options={[['', 'Choose a product'], ...products.map((product) => [product.id, product.name] as const)]}
          />
        )}
      </FormField>
      <PlanSelect
        plans={plans}
        testId="licence-add-plan"
        onPicked={(plan) => setValue('validTill', onePeriodLater(today(), plan.frequency))}
      />
      <ValidTillField testId="licence-add-valid-till" help="One period of the plan from today unless you choose another day" />
    </>
  );
}

/** Gives the organisation a licence: product, one of its plans on sale, and the last valid day. */
export function AddLicenceDialog({ organizationId, onClose }: { organizationId: string; onClose: () => void }) {
  const options = useLicencePlanOptionsQuery();
  const [addLicence] = useLicenceAddMutation({ update: (cache) => dropListPages(cache, 'licences') });
  const kit = useMutationForm({
    schema: addSchema,
    defaultValues: { organizationId, productId: '', planId: '', validTill: '' } satisfies AddLicenceInput,
    call: async (values) =>
      (
        await addLicence({
          variables: {
            input: { organizationId, productId: String(values.productId), planId: String(values.planId), validTill: values.validTill },
          },
        })
      ).data?.addLicence,
    onSuccess: (payload) => {
      toaster.success({ title: `${payload.licence?.productName} licence added: ${payload.licence?.planName}` });
      onClose();
    },
  });
  return (
    <FormDialog size="md" title="Add a licence" kit={kit} submitLabel="Add licence" noun="licence-add" onClose={onClose}>
      {options.error ? (
        <Text color="fg.error">The products could not be loaded. Close the dialog and try again.</Text>
      ) : (
        <AddLicenceFields products={options.data?.products ?? []} />
      )}
    </FormDialog>
  );
}

/** Moves the licence's last day later: one more period of its plan unless another day is chosen. */
export function ExtendLicenceDialog({ licence, onClose }: { licence: LicenceFieldsFragment; onClose: () => void }) {
  const [extendLicence] = useLicenceExtendMutation({ update: (cache) => dropListPages(cache, 'licences') });
  const nextPeriod = onePeriodLater(licence.validTill, licence.frequency);
  const kit = useMutationForm({
    schema: extendSchema,
    defaultValues: { id: licence.id, validTill: nextPeriod } satisfies ExtendLicenceInput,
    call: async (values) =>
      (await extendLicence({ variables: { input: { id: licence.id, validTill: values.validTill } } })).data?.extendLicence,
    onSuccess: (payload) => {
      toaster.success({ title: `${licence.productName} licence valid till ${formatDate(payload.licence!.validTill)}` });
      onClose();
    },
  });
  return (
    <FormDialog
      size="md"
      title={`Extend ${licence.productName} (${licence.planName})`}
      kit={kit}
      submitLabel="Extend"
      noun="licence-extend"
      onClose={onClose}
    >
      <Text color="fg.muted" fontSize="sm">
        Valid till {formatDate(licence.validTill)} now.
      </Text>
      <ValidTillField
        testId="licence-extend-valid-till"
        help={`One more ${frequencyPeriod(licence.frequency)}: ${formatDate(nextPeriod)}`}
      />
    </FormDialog>
  );
}

/** Moves the licence to another plan of its product; the server refuses one with fewer seats than are used. */
export function ChangePlanDialog({ licence, onClose }: { licence: LicenceFieldsFragment; onClose: () => void }) {
  const options = useLicencePlanOptionsQuery();
  const [changePlan] = useLicenceChangePlanMutation({ update: (cache) => dropListPages(cache, 'licences') });
  const [saved] = useState(licence);
  const plans = useMemo(
    () => options.data?.products.find((product) => product.id === saved.productId)?.plans.filter((plan) => plan.id !== saved.planId) ?? [],
    [options.data, saved],
  );
  const kit = useMutationForm({
    schema: changePlanSchema,
    defaultValues: { id: licence.id, planId: '' } satisfies ChangeLicencePlanInput,
    call: async (values) =>
      (await changePlan({ variables: { input: { id: licence.id, planId: String(values.planId) } } })).data?.changeLicencePlan,
    onSuccess: (payload) => {
      toaster.success({ title: `${licence.productName} licence now on ${payload.licence?.planName}` });
      onClose();
    },
  });
  return (
    <FormDialog
      size="md"
      title={`Change the plan of ${licence.productName}`}
      kit={kit}
      submitLabel="Change plan"
      noun="licence-plan"
      onClose={onClose}
    >
      <Text color="fg.muted" fontSize="sm">
        On {licence.planName} now ({licence.capacity} seats); {licence.seatsUsed} {licence.seatsUsed === 1 ? 'seat is' : 'seats are'} in
        use.
      </Text>
      {options.error ? (
        <Text color="fg.error">The plans could not be loaded. Close the dialog and try again.</Text>
      ) : (
        <PlanSelect plans={plans} testId="licence-plan-select" />
      )}
    </FormDialog>
  );
}
