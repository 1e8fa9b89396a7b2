import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type Props = { message: string; testId: string; id?: string; children?: ReactNode };

/**
 * Why a form's submit did not work, above the form; `children` offer a way on. It is announced
 * when it appears and can take focus, so keyboard and screen-reader users land on it.
 */
export function FormAlert({ message, testId, id, children }: Props) {
  return (
    <Alert.Root
      id={id}
      status="error"
      rounded="md"
      role="alert"
      tabIndex={-1}
      data-testid={testId}
      _focusVisible={{ outlineOffset: '2px' }}
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        {children && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
