import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuArchive, LuArchiveRestore, LuTrash2 } from 'react-icons/lu';
import { BooleanFilterSelect, type DataTableColumn } from '@/components/DataTable';
import {
  PlanMasterDocument,
  usePlanDeleteMutation,
  usePlanMasterQuery,
  usePlanSetRetiredMutation,
  type ManagedPlanFieldsFragment,
} from '@/generated/graphql';
import { planGroupLabel } from '@yozy/shared';
import { frequencyLabel, frequencyPeriod } from '@/lib/labels';
import { dropListPages } from '@/lib/listCache';
import { formatMoney, formatNumber } from '@/lib/numbers';
import { throwIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { MasterSection, type MasterAction } from '@/features/platformSettings/master/MasterSection';
import { planList } from '@/features/platformSettings/planList';
import { PlanFormDialog } from './PlanFormDialog';

type Plan = ManagedPlanFieldsFragment;

/** The plan master: every plan, retired ones too, with how many licences hold each. */
export function PlanMasterSection() {
  const list = useListState(planList);
  const { table } = useListQuery(usePlanMasterQuery, PlanMasterDocument, list, (answer) => answer.planMaster);
  const [setRetired] = usePlanSetRetiredMutation({ update: (cache) => dropListPages(cache, 'planMaster') });
  const [deletePlan] = usePlanDeleteMutation({ update: (cache) => dropListPages(cache, 'planMaster') });

  const columns = useMemo<DataTableColumn<Plan>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: 'Plan' },
      { id: 'product', accessorKey: 'productName', header: 'Product' },
      { id: 'group', accessorFn: (plan) => planGroupLabel(plan.planGroup), header: 'Group' },
      {
        id: 'cost',
        accessorKey: 'cost',
        header: 'Price',
        meta: { numeric: true, csv: (plan) => `${plan.cost} ${plan.currency} ${frequencyLabel(plan.frequency)}` },
        cell: ({ row: { original: plan } }) => `${formatMoney(plan.cost, plan.currency)} / ${frequencyPeriod(plan.frequency)}`,
      },
      {
        id: 'capacity',
        accessorKey: 'capacity',
        header: 'Users',
        meta: { numeric: true },
        cell: ({ row: { original: plan } }) => formatNumber(plan.capacity),
      },
      { id: 'licences', accessorKey: 'licenceCount', header: 'Licences', meta: { numeric: true } },
      {
        id: 'status',
        header: 'Status',
        meta: { csv: (plan) => (plan.retired ? 'Retired' : 'On sale') },
        cell: ({ row: { original: plan } }) => (
          <Text as="span" color={plan.retired ? 'fg.muted' : 'fg.success'} fontWeight="medium">
            {plan.retired ? 'Retired' : 'On sale'}
          </Text>
        ),
      },
    ],
    [],
  );

  const actions = useMemo<MasterAction<Plan>[]>(() => {
    const retire = async (plan: Plan, retired: boolean) => {
      const answer = await setRetired({ variables: { input: { id: plan.id, retired } } });
      throwIfRefused(answer.data?.setPlanRetired);
      toaster.success({ title: retired ? `${plan.name} retired: no longer offered` : `${plan.name} is offered again` });
    };
    return [
      {
        value: 'retire',
        label: 'Retire',
        icon: <LuArchive aria-hidden />,
        when: (plan) => !plan.retired,
        confirm: (plan) => ({
          title: `Retire ${plan.name}?`,
          confirmLabel: 'Retire plan',
          body: `${plan.name} will no longer be offered for new licences or in the sign-up form. The ${formatNumber(plan.licenceCount)} licences holding it keep it.`,
        }),
        run: (plan) => retire(plan, true),
      },
      {
        value: 'reinstate',
        label: 'Offer again',
        icon: <LuArchiveRestore aria-hidden />,
        when: (plan) => plan.retired,
        run: (plan) => retire(plan, false),
        failure: (plan) => `${plan.name} could not be offered again`,
      },
      {
        // Only a plan no licence or enquiry uses may be deleted; one in use is retired instead.
        value: 'delete',
        label: 'Delete',
        icon: <LuTrash2 aria-hidden />,
        destructive: true,
        when: (plan) => plan.deletable,
        confirm: (plan) => ({
          title: `Delete ${plan.name}?`,
          confirmLabel: 'Delete plan',
          body: `${plan.name} is not used by any licence. Deleting it cannot be undone.`,
        }),
        run: async (plan) => {
          const answer = await deletePlan({ variables: { input: { id: plan.id } } });
          throwIfRefused(answer.data?.deletePlan);
          toaster.success({ title: `${plan.name} deleted` });
        },
      },
    ];
  }, [setRetired, deletePlan]);

  return (
    <MasterSection
      noun="plan"
      label="Plans"
      addLabel="Add plan"
      emptyDescription="Add the first plan of a product; the public sign-up form offers it at once."
      rowName={(plan) => plan.name}
      columns={columns}
      actions={actions}
      {...table}
      search={{ label: 'Search plans', placeholder: 'Plan, group or product' }}
      filters={
        <BooleanFilterSelect
          label="Show"
          value={list.filter.retired}
          labels={{ all: 'All plans', true: 'Retired', false: 'On sale' }}
          onChange={(retired) => list.setFilter('retired', retired)}
          testId="plan-status-filter"
        />
      }
      form={(plan, close) => <PlanFormDialog plan={plan} onClose={close} />}
    />
  );
}
