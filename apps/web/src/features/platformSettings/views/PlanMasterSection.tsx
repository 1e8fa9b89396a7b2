import { Box, Button, Flex, NativeSelect, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import {
  usePlanDeleteMutation,
  usePlanMasterLazyQuery,
  usePlanMasterQuery,
  usePlanSetRetiredMutation,
  type ManagedPlanFieldsFragment,
} from '../../../generated/graphql';
import { collectAllPages } from '../../../lib/collectPages';
import { dropListPages } from '../../../lib/listCache';
import { errorMessage } from '../../../lib/requestErrors';
import { toaster } from '../../../lib/toaster';
import { useListState } from '../../../lib/useListState';
import { PlanActions, type PlanAction } from '../components/PlanActions';
import { planList } from '../planList';
import { PlanFormDialog } from './PlanFormDialog';

type Plan = ManagedPlanFieldsFragment;

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US');

/** A refused change says why in the payload; the dialogs show it as a failure. */
function throwIfRefused(payload: { errors: readonly Parameters<typeof errorMessage>[0][] } | null | undefined) {
  const refusal = payload?.errors[0];
  if (refusal) throw new Error(errorMessage(refusal));
}

/** The plan master: every plan, retired ones too, with how many licences hold each. */
export function PlanMasterSection() {
  const list = useListState(planList);
  const { data, previousData, loading, error, refetch } = usePlanMasterQuery({
    variables: list.variables,
    notifyOnNetworkStatusChange: true,
  });
  const [fetchPage] = usePlanMasterLazyQuery({ fetchPolicy: 'network-only' });
  const [setRetired] = usePlanSetRetiredMutation({ update: (cache) => dropListPages(cache, 'planMaster') });
  const [deletePlan] = usePlanDeleteMutation({ update: (cache) => dropListPages(cache, 'planMaster') });
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const [confirming, setConfirming] = useState<{ action: 'retire' | 'delete'; plan: Plan } | null>(null);
  const page = (data ?? previousData)?.planMaster;

  const retire = async (plan: Plan, retired: boolean) => {
    const answer = await setRetired({ variables: { input: { id: plan.id, retired } } });
    throwIfRefused(answer.data?.setPlanRetired);
    toaster.success({ title: retired ? `${plan.name} retired: no longer offered` : `${plan.name} is offered again` });
  };

  const remove = async (plan: Plan) => {
    const answer = await deletePlan({ variables: { input: { id: plan.id } } });
    throwIfRefused(answer.data?.deletePlan);
    toaster.success({ title: `${plan.name} deleted` });
  };

  const onAction = (plan: Plan, action: PlanAction) => {
    if (action === 'edit') setEditing(plan);
    else if (action === 'reinstate') {
      retire(plan, false).catch((failure: unknown) =>
        toaster.error({ title: `${plan.name} could not be offered again`, description: String((failure as Error).message) }),
      );
    } else setConfirming({ action, plan });
  };

  const columns = useMemo<DataTableColumn<Plan>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: 'Plan' },
      { id: 'product', accessorKey: 'productName', header: 'Product' },
      { id: 'group', accessorKey: 'planGroup', header: 'Group' },
      {
        id: 'cost',
        accessorKey: 'cost',
        header: 'Price',
        meta: { numeric: true, csv: (plan) => `${plan.cost} ${plan.currency} ${plan.frequency}` },
        cell: ({ row: { original: plan } }) =>
          `${money.format(plan.cost)} ${plan.currency} / ${plan.frequency === 'YEARLY' ? 'year' : 'month'}`,
      },
      {
        id: 'capacity',
        accessorKey: 'capacity',
        header: 'Users',
        meta: { numeric: true },
        cell: ({ row: { original: plan } }) => count.format(plan.capacity),
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
      {
        id: 'actions',
        // Hidden text is positioned: anchored to the cell, it stays inside the table's scrolling box.
        header: () => (
          <Box as="span" position="relative">
            <Text srOnly>Actions</Text>
          </Box>
        ),
        meta: { csv: false },
        cell: ({ row: { original: plan } }) => (
          <PlanActions
            planName={plan.name}
            retired={plan.retired}
            deletable={plan.deletable}
            onAction={(action) => onAction(plan, action)}
          />
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the actions open dialogs through state setters, which never change
    [],
  );

  return (
    <>
      <Flex justify="flex-end" mb="3">
        <Button colorPalette="brand" onClick={() => setEditing('new')} data-testid="plan-add">
          <LuPlus aria-hidden />
          Add plan
        </Button>
      </Flex>
      <DataTable
        label="Plans"
        testId="plan-table"
        columns={columns}
        rows={page?.nodes}
        totalCount={page?.totalCount}
        getRowId={(plan) => plan.id}
        list={list}
        loading={loading}
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        empty={{
          title: 'No plans yet',
          description: 'Add the first plan of a product; the public sign-up form offers it at once.',
          action: (
            <Button colorPalette="brand" onClick={() => setEditing('new')}>
              Add plan
            </Button>
          ),
        }}
        search={{ label: 'Search plans', placeholder: 'Plan, group or product' }}
        filters={
          <NativeSelect.Root width="auto" size="md">
            <NativeSelect.Field
              aria-label="Show"
              value={list.filter.retired === undefined ? '' : String(list.filter.retired)}
              onChange={(event) => list.setFilter('retired', event.target.value === '' ? null : event.target.value === 'true')}
              data-testid="plan-status-filter"
            >
              <option value="">All plans</option>
              <option value="false">On sale</option>
              <option value="true">Retired</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        }
        exportRows={() =>
          collectAllPages(async (window) => {
            const answer = await fetchPage({ variables: { ...list.variables, page: window } });
            if (!answer.data) throw answer.error ?? new Error('The plans could not be loaded');
            return answer.data.planMaster;
          })
        }
      />
      {editing && <PlanFormDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.action === 'delete' ? `Delete ${confirming.plan.name}?` : `Retire ${confirming?.plan.name ?? ''}?`}
        confirmLabel={confirming?.action === 'delete' ? 'Delete plan' : 'Retire plan'}
        destructive={confirming?.action === 'delete'}
        onConfirm={() => (confirming!.action === 'delete' ? remove(confirming!.plan) : retire(confirming!.plan, true))}
        onClose={() => setConfirming(null)}
        testId="plan-confirm"
      >
        {confirming?.action === 'delete'
          ? `${confirming.plan.name} is not used by any licence. Deleting it cannot be undone.`
          : `${confirming?.plan.name ?? ''} will no longer be offered for new licences or in the sign-up form. The ${count.format(
              confirming?.plan.licenceCount ?? 0,
            )} licences holding it keep it.`}
      </ConfirmDialog>
    </>
  );
}
