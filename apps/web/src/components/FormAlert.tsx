import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Why a form's submit did not work, above the form; `children` offer a way on. */
export function FormAlert({ message, testId, children }: { message: string; testId: string; children?: ReactNode }) {
  return (
    <Alert.Root status="error" rounded="md" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        {children && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
