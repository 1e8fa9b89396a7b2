import { Field, HStack, NativeSelect } from '@chakra-ui/react';
import { DayRangeFilter } from '@/components/DataTable';

type Props = {
  active: boolean | undefined;
  startedFrom: string | undefined;
  startedTo: string | undefined;
  onActiveChange: (active: boolean | null) => void;
  onStartedFromChange: (day: string | null) => void;
  onStartedToChange: (day: string | null) => void;
};

const STATUS = { all: 'All sessions', active: 'Active only', ended: 'Ended only' } as const;

/** Which sessions the list shows: live or ended, and started within which days. */
export function SessionFilters({ active, startedFrom, startedTo, onActiveChange, onStartedFromChange, onStartedToChange }: Props) {
  const status = active === undefined ? 'all' : active ? 'active' : 'ended';
  return (
    <HStack gap="3" wrap="wrap" align="end">
      <Field.Root width="auto">
        <Field.Label fontSize="xs" color="fg.muted">
          Status
        </Field.Label>
        <NativeSelect.Root size="md" width="40">
          <NativeSelect.Field
            bg="bg"
            value={status}
            onChange={(event) => {
              const value = event.target.value;
              onActiveChange(value === 'all' ? null : value === 'active');
            }}
            data-testid="session-status-filter"
          >
            {Object.entries(STATUS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <DayRangeFilter
        label="Started"
        from={startedFrom}
        to={startedTo}
        onFromChange={onStartedFromChange}
        onToChange={onStartedToChange}
        testId="session-started"
      />
    </HStack>
  );
}
