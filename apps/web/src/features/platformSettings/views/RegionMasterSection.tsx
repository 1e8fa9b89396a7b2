import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuArchive, LuArchiveRestore, LuTrash2 } from 'react-icons/lu';
import { BooleanFilterSelect, type DataTableColumn } from '@/components/DataTable';
import {
  RegionMasterDocument,
  useRegionDeleteMutation,
  useRegionMasterQuery,
  useRegionSetActiveMutation,
  type RegionFieldsFragment,
} from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { throwIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { MasterSection, type MasterAction } from '@/features/platformSettings/master/MasterSection';
import { regionList } from '@/features/platformSettings/regionList';
import { RegionAddDialog, RegionRenameDialog } from './RegionFormDialog';

type Region = RegionFieldsFragment;

const organizations = (count: number) => (count === 1 ? '1 organization' : `${count} organizations`);

/** The regions master: where organisations' data can live, with how many organisations default to each. */
export function RegionMasterSection() {
  const list = useListState(regionList);
  const { table } = useListQuery(useRegionMasterQuery, RegionMasterDocument, list, (answer) => answer.regions);
  const [setActive] = useRegionSetActiveMutation({ update: (cache) => dropListPages(cache, 'regions') });
  const [deleteRegion] = useRegionDeleteMutation({ update: (cache) => dropListPages(cache, 'regions') });

  const columns = useMemo<DataTableColumn<Region>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: 'Region' },
      {
        id: 'code',
        accessorKey: 'code',
        header: 'Code',
        cell: ({ row: { original: region } }) => (
          <Text as="span" fontFamily="mono">
            {region.code}
          </Text>
        ),
      },
      { id: 'organizations', accessorKey: 'organizationCount', header: 'Default for', meta: { numeric: true } },
      {
        id: 'status',
        header: 'Status',
        meta: { csv: (region) => (region.active ? 'Offered' : 'Retired') },
        cell: ({ row: { original: region } }) => (
          <Text as="span" color={region.active ? 'fg.success' : 'fg.muted'} fontWeight="medium">
            {region.active ? 'Offered' : 'Retired'}
          </Text>
        ),
      },
    ],
    [],
  );

  const actions = useMemo<MasterAction<Region>[]>(() => {
    const offer = async (region: Region, active: boolean) => {
      const answer = await setActive({ variables: { input: { id: region.id, active } } });
      throwIfRefused(answer.data?.setRegionActive);
      toaster.success({ title: active ? `${region.name} is offered again` : `${region.name} retired` });
    };
    return [
      {
        value: 'retire',
        label: 'Retire',
        icon: <LuArchive aria-hidden />,
        when: (region) => region.active,
        confirm: (region) => ({
          title: `Retire ${region.name}?`,
          confirmLabel: 'Retire region',
          body: `${region.name} can no longer be chosen as a default region. It stays where it is named already (${organizations(region.organizationCount)}).`,
        }),
        run: (region) => offer(region, false),
      },
      {
        value: 'reactivate',
        label: 'Offer again',
        icon: <LuArchiveRestore aria-hidden />,
        when: (region) => !region.active,
        run: (region) => offer(region, true),
        failure: (region) => `${region.name} could not be offered again`,
      },
      {
        // A region some organisation names as a default stays; it can only be retired.
        value: 'delete',
        label: 'Delete',
        icon: <LuTrash2 aria-hidden />,
        destructive: true,
        when: (region) => region.organizationCount === 0,
        confirm: (region) => ({
          title: `Delete ${region.name}?`,
          confirmLabel: 'Delete region',
          body: `No organization names ${region.name} as a default region. Deleting it cannot be undone.`,
        }),
        run: async (region) => {
          const answer = await deleteRegion({ variables: { input: { id: region.id } } });
          throwIfRefused(answer.data?.deleteRegion);
          toaster.success({ title: `${region.name} deleted` });
        },
      },
    ];
  }, [setActive, deleteRegion]);

  return (
    <MasterSection
      noun="region"
      label="Regions"
      addLabel="Add region"
      emptyDescription="Add the first region where organizations’ data can live."
      rowName={(region) => region.name}
      columns={columns}
      actions={actions}
      {...table}
      search={{ label: 'Search regions', placeholder: 'Name or code' }}
      filters={
        <BooleanFilterSelect
          label="Show"
          value={list.filter.active}
          labels={{ all: 'All regions', true: 'Offered', false: 'Retired' }}
          onChange={(active) => list.setFilter('active', active)}
          testId="region-status-filter"
        />
      }
      form={(region, close) => (region ? <RegionRenameDialog region={region} onClose={close} /> : <RegionAddDialog onClose={close} />)}
    />
  );
}
