import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type Props = { submitting: boolean; loadingText: string; testId: string; children: ReactNode };

/** The one action of a sign-in card's form: full width, busy with `loadingText` while it is sent. */
export function SubmitButton({ submitting, loadingText, testId, children }: Props) {
  return (
    <Button type="submit" colorPalette="brand" size="lg" width="full" loading={submitting} loadingText={loadingText} data-testid={testId}>
      {children}
    </Button>
  );
}
