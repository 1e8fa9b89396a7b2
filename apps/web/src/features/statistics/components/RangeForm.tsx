import { Button, Field, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { DateInput } from '@/components/DateInput';
import { DEFAULT_RANGE_DAYS, lastDays, rangeProblem, todayUtc } from '@/features/statistics/range';

type Range = { from: string; to: string };

type Props = {
  /** The days shown now. */
  value: Range;
  onChange: (range: Range) => void;
  /** The server's refusal of the days asked for, if any. */
  problem?: string | null;
};

const PRESETS = [7, DEFAULT_RANGE_DAYS, 90] as const;

/** The days the statistics cover: two dates and a few common ranges. */
export function RangeForm({ value, onChange, problem }: Props) {
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const [invalid, setInvalid] = useState<ReturnType<typeof rangeProblem>>(null);
  const id = useId();
  const messageId = `${id}-message`;
  const message = invalid?.message ?? problem ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = rangeProblem(from, to);
    setInvalid(found);
    if (!found) onChange({ from, to });
  }

  function choose(days: number) {
    const range = lastDays(days);
    setFrom(range.from);
    setTo(range.to);
    setInvalid(null);
    onChange(range);
  }

  return (
    <form onSubmit={submit} aria-label="Days shown" noValidate data-testid="statistics-range">
      <Stack gap="3">
        <HStack gap="3" align="end" wrap="wrap">
          <Field.Root invalid={invalid?.field === 'from' || (!invalid && !!problem)} w="auto">
            <Field.Label>From</Field.Label>
            <DateInput
              name="from"
              value={from}
              max={todayUtc()}
              pickerLabel="Choose the first day"
              onValueChange={(day) => setFrom(day ?? '')}
              onInvalidText={setFrom}
              aria-describedby={message ? messageId : undefined}
              data-testid="statistics-from"
            />
          </Field.Root>
          <Field.Root invalid={invalid?.field === 'to'} w="auto">
            <Field.Label>To</Field.Label>
            <DateInput
              name="to"
              value={to}
              max={todayUtc()}
              pickerLabel="Choose the last day"
              onValueChange={(day) => setTo(day ?? '')}
              onInvalidText={setTo}
              aria-describedby={message ? messageId : undefined}
              data-testid="statistics-to"
            />
          </Field.Root>
          <Button type="submit" colorPalette="brand" data-testid="statistics-apply">
            Show
          </Button>
          <HStack gap="2" role="group" aria-label="Common ranges" wrap="wrap">
            {PRESETS.map((days) => (
              <Button key={days} type="button" size="sm" variant="outline" onClick={() => choose(days)}>
                Last {days} days
              </Button>
            ))}
          </HStack>
        </HStack>
        {message && (
          <Text id={messageId} color="fg.error" textStyle="sm" role="alert">
            {message}
          </Text>
        )}
      </Stack>
    </form>
  );
}
