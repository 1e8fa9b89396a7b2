import { Field } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { DateInput } from '@/components/DateInput';

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

function DayField({
  label,
  value,
  onChange,
  min,
  max,
  testId,
}: {
  label: string;
  value: string | undefined;
  onChange: (day: string | null) => void;
  min?: string;
  max?: string;
  testId: string;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = `${useId()}-error`;
  return (
    <Field.Root width="auto" invalid={Boolean(problem)} ids={{ errorText: errorId }}>
      <Field.Label fontSize="xs" color="fg.muted">
        {label}
      </Field.Label>
      <DateInput
        bg="bg"
        width="40"
        value={value ?? ''}
        min={min}
        max={max}
        pickerLabel={`Choose the day: ${label.toLowerCase()}`}
        onValueChange={onChange}
        onProblemChange={setProblem}
        aria-describedby={problem ? errorId : undefined}
        data-testid={testId}
      />
      <Field.ErrorText maxWidth="40" data-testid={`${testId}-error`}>
        {problem}
      </Field.ErrorText>
    </Field.Root>
  );
}

/** Two labelled day inputs that bound a list to a span of calendar days; neither may pass the other. */
export function DayRangeFilter({ label, from, to, onFromChange, onToChange, testId }: DayRangeFilterProps) {
  return (
    <>
      <DayField label={`${label} from`} value={from} max={to} onChange={onFromChange} testId={`${testId}-from`} />
      <DayField label={`${label} to`} value={to} min={from} onChange={onToChange} testId={`${testId}-to`} />
    </>
  );
}
