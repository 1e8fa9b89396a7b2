import { Input, Stack, Text } from '@chakra-ui/react';
import { ORGANIZATION_CHOICE_WORDS } from '@yozy/shared';
import { useMemo } from 'react';
import { LuArchive, LuArchiveRestore, LuTrash2 } from 'react-icons/lu';
import { BooleanFilterSelect, type DataTableColumn } from '@/components/DataTable';
import { FormDialog } from '@/components/FormDialog';
import { FormField } from '@/components/FormField';
import {
  OrganizationChoiceMasterDocument,
  useOrganizationChoiceCreateMutation,
  useOrganizationChoiceDeleteMutation,
  useOrganizationChoiceMasterQuery,
  useOrganizationChoiceRenameMutation,
  useOrganizationChoiceSetActiveMutation,
  type OrganizationChoiceFieldsFragment,
  type OrganizationChoiceList,
} from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { throwIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { useMutationForm } from '@/lib/useMutationForm';
import { MasterSection, type MasterAction } from '@/features/platformSettings/master/MasterSection';
import { organizationChoiceList } from '@/features/platformSettings/organizationChoiceList';

type Choice = OrganizationChoiceFieldsFragment;

// The shared rules load when a dialog opens, keeping zod off the list's first paint.
const renameSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.organizationChoiceRenameInput);

/** How the screen speaks of each list. */
const WORDS = {
  BUSINESS_VERTICAL: { ...ORGANIZATION_CHOICE_WORDS.BusinessVertical, noun: 'business-vertical', example: 'Agritech' },
  CLIENT_TYPE: { ...ORGANIZATION_CHOICE_WORDS.ClientType, noun: 'client-type', example: 'Government' },
} as const satisfies Record<OrganizationChoiceList, unknown>;

const organizations = (count: number) => (count === 1 ? '1 organization' : `${count} organizations`);
const refresh = { update: (cache: Parameters<typeof dropListPages>[0]) => dropListPages(cache, 'organizationChoices') };

/** One of the provider's lists an organisation's field is chosen from: add, rename, retire, delete while unused. */
export function OrganizationChoiceMasterSection({ list: kind }: { list: OrganizationChoiceList }) {
  const words = WORDS[kind];
  const list = useListState(organizationChoiceList);
  const { table } = useListQuery(
    useOrganizationChoiceMasterQuery,
    OrganizationChoiceMasterDocument,
    { ...list, variables: { ...list.variables, list: kind } },
    (answer) => answer.organizationChoices,
  );
  const [setActive] = useOrganizationChoiceSetActiveMutation(refresh);
  const [remove] = useOrganizationChoiceDeleteMutation(refresh);

  const columns = useMemo<DataTableColumn<Choice>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: 'Name' },
      { id: 'organizations', accessorKey: 'organizationCount', header: 'Organizations', meta: { numeric: true } },
      {
        id: 'status',
        header: 'Status',
        meta: { csv: (choice) => (choice.active ? 'Offered' : 'Retired') },
        cell: ({ row: { original: choice } }) => (
          <Text as="span" color={choice.active ? 'fg.success' : 'fg.muted'} fontWeight="medium">
            {choice.active ? 'Offered' : 'Retired'}
          </Text>
        ),
      },
    ],
    [],
  );

  const actions = useMemo<MasterAction<Choice>[]>(() => {
    const offer = async (choice: Choice, active: boolean) => {
      const answer = await setActive({ variables: { input: { id: choice.id, active } } });
      throwIfRefused(answer.data?.setOrganizationChoiceActive);
      toaster.success({ title: active ? `${choice.name} is offered again` : `${choice.name} retired` });
    };
    return [
      {
        value: 'retire',
        label: 'Retire',
        icon: <LuArchive aria-hidden />,
        when: (choice) => choice.active,
        confirm: (choice) => ({
          title: `Retire ${choice.name}?`,
          confirmLabel: `Retire ${words.one}`,
          body: `${choice.name} can no longer be chosen. It stays where it is chosen already (${organizations(choice.organizationCount)}).`,
        }),
        run: (choice) => offer(choice, false),
      },
      {
        value: 'reactivate',
        label: 'Offer again',
        icon: <LuArchiveRestore aria-hidden />,
        when: (choice) => !choice.active,
        run: (choice) => offer(choice, true),
        failure: (choice) => `${choice.name} could not be offered again`,
      },
      {
        // An entry some organisation has stays; it can only be retired.
        value: 'delete',
        label: 'Delete',
        icon: <LuTrash2 aria-hidden />,
        destructive: true,
        when: (choice) => choice.organizationCount === 0,
        confirm: (choice) => ({
          title: `Delete ${choice.name}?`,
          confirmLabel: `Delete ${words.one}`,
          body: `No organization has ${choice.name}. Deleting it cannot be undone.`,
        }),
        run: async (choice) => {
          const answer = await remove({ variables: { input: { id: choice.id } } });
          throwIfRefused(answer.data?.deleteOrganizationChoice);
          toaster.success({ title: `${choice.name} deleted` });
        },
      },
    ];
  }, [setActive, remove, words]);

  return (
    <MasterSection
      noun={words.noun}
      label={words.list}
      addLabel={`Add ${words.one}`}
      emptyDescription={`Add the first ${words.one} organizations can choose.`}
      rowName={(choice) => choice.name}
      columns={columns}
      actions={actions}
      {...table}
      search={{ label: `Search ${words.list.toLowerCase()}`, placeholder: 'Name' }}
      filters={
        <BooleanFilterSelect
          label="Show"
          value={list.filter.active}
          labels={{ all: `All ${words.list.toLowerCase()}`, true: 'Offered', false: 'Retired' }}
          onChange={(active) => list.setFilter('active', active)}
          testId={`${words.noun}-status-filter`}
        />
      }
      form={(choice, close) =>
        choice ? <ChoiceRenameDialog kind={kind} choice={choice} onClose={close} /> : <ChoiceAddDialog kind={kind} onClose={close} />
      }
    />
  );
}

type DialogProps = { kind: OrganizationChoiceList; onClose: () => void };

const NameField = ({ kind }: { kind: OrganizationChoiceList }) => (
  <FormField
    name="name"
    label="Name"
    required
    help={`As organizations show it, such as ${WORDS[kind].example}`}
    testId={`${WORDS[kind].noun}-name`}
  >
    {(control) => <Input {...control} autoComplete="off" />}
  </FormField>
);

function ChoiceAddDialog({ kind, onClose }: DialogProps) {
  const [create] = useOrganizationChoiceCreateMutation(refresh);
  const kit = useMutationForm({
    schema: renameSchema,
    defaultValues: { name: '' },
    call: async ({ name }) => (await create({ variables: { input: { list: kind, name } } })).data?.createOrganizationChoice,
    onSuccess: (payload) => {
      toaster.success({ title: `${payload.organizationChoice?.name} added` });
      onClose();
    },
  });
  return (
    <FormDialog
      noun={WORDS[kind].noun}
      title={`Add a ${WORDS[kind].one}`}
      kit={kit}
      submitLabel={`Add ${WORDS[kind].one}`}
      onClose={onClose}
    >
      <Stack gap="4">
        <NameField kind={kind} />
      </Stack>
    </FormDialog>
  );
}

function ChoiceRenameDialog({ kind, choice, onClose }: DialogProps & { choice: Choice }) {
  const [rename] = useOrganizationChoiceRenameMutation();
  const kit = useMutationForm({
    schema: renameSchema,
    defaultValues: { name: choice.name },
    call: async ({ name }) => (await rename({ variables: { input: { id: choice.id, name } } })).data?.renameOrganizationChoice,
    onSuccess: (payload) => {
      toaster.success({ title: `${payload.organizationChoice?.name} saved` });
      onClose();
    },
  });
  return (
    <FormDialog noun={WORDS[kind].noun} title={`Rename ${choice.name}`} kit={kit} submitLabel="Save" onClose={onClose}>
      <Stack gap="4">
        <Text color="fg.muted">
          The organizations that have {choice.name} ({organizations(choice.organizationCount)}) follow the new name.
        </Text>
        <NameField kind={kind} />
      </Stack>
    </FormDialog>
  );
}
