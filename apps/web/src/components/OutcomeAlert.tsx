import { Alert, Text, type AlertRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** What a check the person ran came to: it worked (with what it found), or why not. */
export type Outcome = { ok: boolean; title: string; details?: readonly string[] };

type Props = {
  outcome: Outcome;
  testId: string;
  mt?: AlertRootProps['mt'];
  /** Where to go next (a link), below what was found. */
  children?: ReactNode;
};

/**
 * The answer to a button that checks something now ("Send test mail", "Test the issuer"): a status
 * read out politely when it worked, an alert when it did not, with what it found line by line.
 */
export function OutcomeAlert({ outcome, testId, mt, children }: Props) {
  return (
    <Alert.Root mt={mt} status={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{outcome.title}</Alert.Title>
        {outcome.details && outcome.details.length > 0 && (
          <Alert.Description>
            {outcome.details.map((line) => (
              <Text key={line} fontSize="sm" wordBreak="break-all">
                {line}
              </Text>
            ))}
          </Alert.Description>
        )}
        {children}
      </Alert.Content>
    </Alert.Root>
  );
}
