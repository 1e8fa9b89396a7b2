import { Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { describeRequestError } from '@/lib/requestErrors';
import { FormAlert } from './FormAlert';
import { ProblemNotice } from './ProblemNotice';

type Props<Data> = {
  /** The query's answer: undefined until there is one, null when it found nothing. */
  data: Data | null | undefined;
  /** The query's error: shown only while there is no answer to show. */
  error: unknown;
  /** Asks again (the query's refetch), from the error's Try again. */
  refetch: () => Promise<unknown>;
  /** What could not be loaded, in a sentence: "This project could not be loaded". */
  errorTitle: string;
  /** What is loading, for screen readers: "Loading the project". */
  loadingLabel: string;
  /** The shapes that stand in for the answer while it loads. */
  placeholder: ReactNode;
  /** Shown when the query found nothing, or when `isEmpty` says its answer is empty. */
  empty?: ReactNode;
  isEmpty?: (data: Data) => boolean;
  /** Shown above each state (a back link), not above the answer, which draws its own. */
  lead?: ReactNode;
  /**
   * Inside a section of a page: the error is an alert with a Try again button in the section
   * rather than a notice in the place of the screen.
   */
  inline?: boolean;
  /** Names the states' test ids: `<testId>-loading`, `<testId>-load-error`. */
  testId: string;
  /** The answer, drawn once there is one. */
  children: (data: Data) => ReactNode;
};

/**
 * A query's states in one place: a placeholder while it loads, what went wrong with a Try again
 * when it fails, what to say when it found nothing, and the answer once it is here.
 */
export function QueryStates<Data>({
  data,
  error,
  refetch,
  errorTitle,
  loadingLabel,
  placeholder,
  empty = null,
  isEmpty,
  lead,
  inline = false,
  testId,
  children,
}: Props<Data>) {
  const retry = () => void refetch().catch(() => undefined);
  if (data == null && error) {
    return (
      <Stack gap={inline ? '2' : '4'} align={inline ? 'start' : undefined} data-testid={`${testId}-load-error`}>
        {lead}
        {inline ? (
          <>
            <FormAlert message={`${errorTitle}. ${describeRequestError(error)}`} testId={`${testId}-load-error-alert`} />
            <Button size="sm" variant="outline" onClick={retry}>
              Try again
            </Button>
          </>
        ) : (
          <ProblemNotice title={errorTitle} message={describeRequestError(error)} actionLabel="Try again" onAction={retry} />
        )}
      </Stack>
    );
  }
  if (data === undefined) {
    return (
      <Stack gap="4" role="status" aria-label={loadingLabel} data-testid={`${testId}-loading`}>
        {lead}
        {placeholder}
      </Stack>
    );
  }
  if (data === null || isEmpty?.(data)) {
    return lead ? (
      <Stack gap="4">
        {lead}
        {empty}
      </Stack>
    ) : (
      empty
    );
  }
  return children(data);
}
