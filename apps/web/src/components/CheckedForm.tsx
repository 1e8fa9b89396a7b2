import { useEffect, useRef, type ReactNode } from 'react';

type Props = {
  label: string;
  testId: string;
  /** Bumped by the view after each rejected submit; focus then moves to the first invalid field. */
  attempt: number;
  onSubmit: () => void;
  children: ReactNode;
};

/** A form whose fields we check ourselves: no browser bubbles, and errors are reachable by keyboard. */
export function CheckedForm({ label, testId, attempt, onSubmit, children }: Props) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  return (
    <form
      ref={form}
      noValidate
      aria-label={label}
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
