import { Field, Input } from '@chakra-ui/react';

export type DayRangeFilterProps = {
  /** What the days bound, as the labels say it: "Started" gives "Started from" and "Started to". */
  label: string;
  /** The first day (YYYY-MM-DD) or none. */
  from: string | undefined;
  /** The last day (YYYY-MM-DD) or none. */
  to: string | undefined;
  onFromChange: (day: string | null) => void;
  onToChange: (day: string | null) => void;
  /** Prefix of the two inputs' test ids: `<testId>-from` and `<testId>-to`. */
  testId: string;
};

/** Two labelled day inputs that bound a list to a span of calendar days; neither may pass the other. */
export function DayRangeFilter({ label, from, to, onFromChange, onToChange, testId }: DayRangeFilterProps) {
  return (
    <>
      <Field.Root width="auto">
        <Field.Label fontSize="xs" color="fg.muted">
          {label} from
        </Field.Label>
        <Input
          type="date"
          bg="bg"
          width="40"
          value={from ?? ''}
          max={to}
          onChange={(event) => onFromChange(event.target.value || null)}
          data-testid={`${testId}-from`}
        />
      </Field.Root>
      <Field.Root width="auto">
        <Field.Label fontSize="xs" color="fg.muted">
          {label} to
        </Field.Label>
        <Input
          type="date"
          bg="bg"
          width="40"
          value={to ?? ''}
          min={from}
          onChange={(event) => onToChange(event.target.value || null)}
          data-testid={`${testId}-to`}
        />
      </Field.Root>
    </>
  );
}
