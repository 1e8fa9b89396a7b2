import { Alert, Badge, Button, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuLockOpen } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { BooleanFilterSelect, DataTable, type DataTableColumn } from '@/components/DataTable';
import {
  useUserSignInActivityQuery,
  useUserSignInHoldClearMutation,
  type UserSignInActivityQuery,
  type SignInHoldFieldsFragment,
} from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import type { ListControls } from '@/lib/listControls';
import { toastIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { browserWords, holdSentence, SIGN_IN_OUTCOMES, SIGN_IN_STEP_LABELS, type OutcomeWords } from '@/features/users/signInActivityWords';
import { PersonPanel, type Person, type PersonScope } from './PersonPanel';

type Attempt = NonNullable<UserSignInActivityQuery['user']>['signInActivity']['nodes'][number];

const PAGE_SIZES = [10, 20, 50] as const;
const RESULT_COLOURS: Record<OutcomeWords['result'], string> = {
  'Signed in': 'green',
  Passed: 'green',
  Failed: 'red',
  'Held back': 'orange',
};

const COLUMNS: DataTableColumn<Attempt>[] = [
  {
    id: 'occurredAt',
    header: 'When',
    accessorFn: (row) => formatDateTime(row.occurredAt),
    cell: ({ getValue }) => <Text whiteSpace="nowrap">{getValue<string>()}</Text>,
  },
  {
    id: 'result',
    header: 'Result',
    accessorFn: (row) => SIGN_IN_OUTCOMES[row.outcome].detail,
    cell: ({ row }) => {
      const words = SIGN_IN_OUTCOMES[row.original.outcome];
      return (
        <Stack gap="0.5" align="flex-start" minW="10rem" maxW="16rem">
          <Badge colorPalette={RESULT_COLOURS[words.result]} variant="subtle" data-testid="sign-in-result">
            {words.result}
          </Badge>
          {words.detail !== words.result && (
            <Text fontSize="sm" color="fg.muted" whiteSpace="normal" data-testid="sign-in-detail">
              {words.detail}
            </Text>
          )}
        </Stack>
      );
    },
  },
  { id: 'step', header: 'Step', accessorFn: (row) => SIGN_IN_STEP_LABELS[row.step] },
  {
    id: 'ip',
    header: 'Where from',
    accessorFn: (row) => row.ip ?? 'Unknown address',
    cell: ({ row }) => (
      <Text whiteSpace="nowrap">
        {row.original.ip ?? (
          <Text as="span" color="fg.muted">
            Unknown address
          </Text>
        )}
      </Text>
    ),
  },
  {
    id: 'browser',
    header: 'Browser',
    accessorFn: browserWords,
    cell: ({ row }) => (
      <Text title={row.original.userAgent ?? undefined} minW="10rem" maxW="18rem" whiteSpace="normal" overflowWrap="anywhere">
        {browserWords(row.original)}
      </Text>
    ),
  },
];

/** The page and size of the table, kept on this page rather than in the address, which is the person's. */
function usePageControls(filtered: boolean, clearFilter: () => void): ListControls {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[1]);
  return useMemo(
    () => ({
      page,
      pageSize,
      pageSizes: PAGE_SIZES,
      sort: { key: 'occurredAt', direction: 'DESC' },
      sortKeys: [],
      searchText: '',
      isFiltered: filtered,
      setPage: (next: number) => setPage(Math.max(1, next)),
      setPageSize: (size: number) => {
        setPageSize(size);
        setPage(1);
      },
      setSort: () => undefined,
      setSearchText: () => undefined,
      clearSearchAndFilters: () => {
        clearFilter();
        setPage(1);
      },
    }),
    [page, pageSize, filtered, clearFilter],
  );
}

/**
 * A person's recent sign-ins and failures (when, how it ended, which step, from where, with which
 * browser) and, when the guessing limits hold their sign-in back, what holds it and until when,
 * with the admin's way to clear it, as Keycloak's "unlock user".
 */
export function SignInActivitySection({ person, scope }: { person: Person; scope: PersonScope }) {
  const [succeeded, setSucceeded] = useState<boolean | undefined>(undefined);
  const [clearFilter] = useState(() => () => setSucceeded(undefined));
  const list = usePageControls(succeeded !== undefined, clearFilter);
  const { data, error, loading, refetch } = useUserSignInActivityQuery({
    variables: {
      id: scope.userId,
      organizationId: scope.organizationId,
      page: { offset: (list.page - 1) * list.pageSize, limit: list.pageSize },
      filter: succeeded === undefined ? null : { succeeded },
    },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const activity = data?.user?.signInActivity;
  const hold = data?.user?.signInHold;
  const name = `${person.firstName} ${person.lastName}`.trim() || person.email;

  return (
    <PersonPanel
      title="Sign-in activity"
      description="Sign-ins and failed attempts of the last 90 days, newest first, with the attempts the guessing limits held back."
      testId="person-sign-in-activity"
    >
      <Stack gap="4">
        {hold?.held && <HoldAlert hold={hold} name={name} scope={scope} />}
        <DataTable
          label="Sign-in activity"
          columns={COLUMNS}
          rows={activity?.nodes}
          totalCount={activity?.totalCount}
          totalCountKind={activity?.totalCountKind}
          getRowId={(row) => row.id}
          list={list}
          loading={loading}
          error={error && !activity ? error : undefined}
          onRetry={() => void refetch().catch(() => undefined)}
          empty={{
            title: 'No sign-ins yet',
            description: `${person.firstName || name} has not signed in or tried to in the last 90 days.`,
          }}
          filters={
            <BooleanFilterSelect
              label="Result"
              value={succeeded}
              labels={{ all: 'Every attempt', true: 'Passed', false: 'Failed or held back' }}
              onChange={(value) => {
                setSucceeded(value ?? undefined);
                list.setPage(1);
              }}
              testId="sign-in-activity-filter"
            />
          }
          testId="sign-in-activity-table"
        />
      </Stack>
    </PersonPanel>
  );
}

/** What holds the person's sign-in back, in words, and clearing it after a confirmation. */
function HoldAlert({ hold, name, scope }: { hold: SignInHoldFieldsFragment; name: string; scope: PersonScope }) {
  const [asking, setAsking] = useState(false);
  const [clear] = useUserSignInHoldClearMutation({ refetchQueries: ['UserSignInActivity', 'AuditLog'], awaitRefetchQueries: true });

  async function confirm() {
    const answer = (await clear({ variables: { organizationId: scope.organizationId, input: { userId: scope.userId } } })).data
      ?.clearSignInHold;
    if (!toastIfRefused(answer, 'The hold was not cleared')) return;
    toaster.success({
      title: `${name} may sign in again`,
      description: 'Their failed attempts are forgotten: new browsers and the addresses held back may sign in at once.',
    });
  }

  return (
    <Alert.Root status="warning" alignItems="flex-start" data-testid="sign-in-hold">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>Sign-in is held back</Alert.Title>
        <Alert.Description>
          <Stack as="ul" gap="1" listStyleType="none">
            {hold.holds.map((one) => (
              <li key={`${one.kind}-${one.step}-${one.address ?? ''}`} data-testid="sign-in-hold-reason">
                {holdSentence(one)}.
              </li>
            ))}
          </Stack>
        </Alert.Description>
        <Button
          size="sm"
          variant="outline"
          colorPalette="orange"
          alignSelf="flex-start"
          onClick={() => setAsking(true)}
          data-testid="sign-in-hold-clear"
        >
          <LuLockOpen aria-hidden />
          Clear the hold
        </Button>
      </Alert.Content>
      <ConfirmDialog
        open={asking}
        title="Clear the hold on this sign-in?"
        confirmLabel="Clear the hold"
        onClose={() => setAsking(false)}
        onConfirm={confirm}
        testId="sign-in-hold-confirm"
      >
        {`The failed attempts on the account of ${name} are forgotten, so they can sign in at once from any browser. If someone else is guessing their password, the guessing can start again: clear the hold once ${name} confirms the failures were theirs, or after a password reset.`}
      </ConfirmDialog>
    </Alert.Root>
  );
}
