import { Alert, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '@/components/FormDialog';
import { FormField } from '@/components/FormField';
import { totalText } from '@/components/DataTable';
import {
  useAllocationCandidateListQuery,
  useAllocationCreateMutation,
  useAllocationUpdateMutation,
  type AllocationFieldsFragment,
  type ProjectFieldsFragment,
} from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { useMutationForm } from '@/lib/useMutationForm';
import { DateControl } from '@/components/DateInput';

const createSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.allocationCreateInput.omit({ projectId: true }));
const updateSchema = () =>
  import('@yozy/shared/inputs').then((inputs) => inputs.allocationCreateInput.omit({ projectId: true, userId: true }));

/** People the picker offers at once: a search narrows them. */
const CANDIDATES_SHOWN = 25;
const FULL = 100;

const refresh = {
  update: (cache: Parameters<typeof dropListPages>[0]) => {
    dropListPages(cache, 'allocations');
    dropListPages(cache, 'allocationCandidates');
    dropListPages(cache, 'projects');
  },
  // The project's counts on its page change with it.
  refetchQueries: ['ProjectDetail'],
};

/** The whole number typed, or 0 while the field holds none. */
const typed = (value: unknown) => (typeof value === 'number' ? value : /^\s*\d{1,3}\s*$/.test(String(value ?? '')) ? Number(value) : 0);

/** Says, before saving, when the person would be over 100 % over their current projects; saving stays possible. */
function OverAllocationWarning({ name, total }: { name: string; total: number }) {
  if (total <= FULL) return null;
  return (
    <Alert.Root status="warning" data-testid="allocation-over-warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {name} would be allocated {total} % over current projects
        </Alert.Title>
        <Alert.Description>That is more than full time. You can still save; lower another allocation to even it out.</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

type Props = {
  project: ProjectFieldsFragment;
  /** The allocation to change; a new one when absent. */
  allocation?: AllocationFieldsFragment;
  onClose: () => void;
  onSaved: (allocation: AllocationFieldsFragment) => void;
};

/** Allocates a person of the project's organisation, or changes an allocation, warning above 100 % in all. */
export function AllocationDialog(props: Props) {
  return props.allocation ? <ChangeDialog {...props} allocation={props.allocation} /> : <AllocateDialog {...props} />;
}

function TermsFields() {
  return (
    <>
      <FormField
        name="percentage"
        label="Allocation (%)"
        required
        help="A whole number from 1 to 100."
        testId="allocation-percentage-input"
      >
        {(control) => <Input {...control} inputMode="numeric" autoComplete="off" maxLength={3} />}
      </FormField>
      <FormField name="role" label="Project role" required help="Such as Developer, Tester or Sponsor." testId="allocation-role-input">
        {(control) => <Input {...control} autoComplete="off" maxLength={60} />}
      </FormField>
      <FormField name="endDate" label="End date" help="Leave empty for an open-ended allocation." testId="allocation-end-input">
        {(control) => <DateControl {...control} pickerLabel="Choose the last day of the allocation" />}
      </FormField>
    </>
  );
}

function AllocateDialog({ project, onClose, onSaved }: Props) {
  const [search, setSearch] = useState('');
  const candidates = useAllocationCandidateListQuery({
    variables: { projectId: project.id, search: search || undefined, page: { offset: 0, limit: CANDIDATES_SHOWN } },
    fetchPolicy: 'cache-and-network',
  });
  const page = (candidates.data ?? candidates.previousData)?.allocationCandidates;
  const [allocate] = useAllocationCreateMutation(refresh);
  const kit = useMutationForm({
    schema: createSchema,
    defaultValues: { userId: '', percentage: '', role: '', endDate: '' },
    call: async (values) =>
      (await allocate({ variables: { input: { projectId: project.id, ...values, userId: String(values.userId) } } })).data
        ?.allocateToProject,
    onSuccess: (payload) => {
      if (payload.allocation) onSaved(payload.allocation);
    },
  });
  const chosen = page?.nodes.find((person) => person.id === String(kit.form.watch('userId')));
  const percentage = typed(kit.form.watch('percentage'));

  return (
    <FormDialog
      noun="allocation"
      title={`Allocate a person to ${project.shortCode}`}
      kit={kit}
      submitLabel="Allocate"
      onClose={onClose}
      size="md"
    >
      <Stack gap="2">
        <Input
          type="search"
          placeholder="Find a person by name or email"
          aria-label="Find a person by name or email"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="allocation-person-search"
        />
        <FormField
          name="userId"
          label="Person"
          required
          help={
            page && page.totalCount > page.nodes.length
              ? `Showing ${page.nodes.length} of ${totalText(page.totalCount, page.totalCountKind)}: search to find others.`
              : undefined
          }
          testId="allocation-person-input"
        >
          {(control) => (
            <NativeSelect.Root>
              <NativeSelect.Field {...control}>
                <option value="">{candidates.loading && !page ? 'Loading people…' : 'Choose a person'}</option>
                {page?.nodes.map((person) => (
                  <option key={person.id} value={person.id} disabled={person.isAllocated}>
                    {person.firstName} {person.lastName} ({person.email}): {person.totalPercentage} %
                    {person.isAllocated ? ', on this project already' : ''}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </FormField>
        {candidates.error && <Text color="fg.error">The people could not be loaded; close and try again.</Text>}
        {chosen && (
          <Text color="fg.muted" fontSize="sm" data-testid="allocation-person-total">
            {chosen.firstName} is allocated {chosen.totalPercentage} % over current projects now.
          </Text>
        )}
      </Stack>
      <TermsFields />
      {chosen && <OverAllocationWarning name={chosen.firstName} total={chosen.totalPercentage + percentage} />}
    </FormDialog>
  );
}

function ChangeDialog({ allocation, onClose, onSaved }: Props & { allocation: AllocationFieldsFragment }) {
  const [update] = useAllocationUpdateMutation(refresh);
  const kit = useMutationForm({
    schema: updateSchema,
    defaultValues: { percentage: String(allocation.percentage), role: allocation.role ?? '', endDate: allocation.endDate ?? '' },
    call: async (values) => (await update({ variables: { input: { id: allocation.id, ...values } } })).data?.updateAllocation,
    onSuccess: (payload) => {
      if (payload.allocation) onSaved(payload.allocation);
    },
  });
  // The person's total without this allocation, plus what it would become.
  const others = allocation.personTotalPercentage - allocation.percentage;
  const total = others + typed(kit.form.watch('percentage'));

  return (
    <FormDialog
      noun="allocation"
      title={`Change ${allocation.firstName} ${allocation.lastName} on ${allocation.projectShortCode}`}
      kit={kit}
      submitLabel="Save"
      onClose={onClose}
      size="md"
    >
      <Text color="fg.muted" fontSize="sm">
        {allocation.firstName} has {others} % on other current projects.
      </Text>
      <TermsFields />
      <OverAllocationWarning name={allocation.firstName} total={total} />
    </FormDialog>
  );
}
