import { Input } from '@chakra-ui/react';
import { FormField } from './FormField';

/** The one input of a two-factor code: six digits the browser or a password manager may fill in. */
export function TwoFactorCodeField({ testId = 'two-factor-code' }: { testId?: string }) {
  return (
    <FormField name="code" label="Authentication code" required help="The 6-digit code your authenticator app shows now." testId={testId}>
      {(control) => (
        <Input autoComplete="one-time-code" inputMode="numeric" pattern="[0-9 ]*" maxLength={7} placeholder="123456" {...control} />
      )}
    </FormField>
  );
}

/** A recovery code instead of a code, each good once. */
export function RecoveryCodeField({ testId = 'recovery-code' }: { testId?: string }) {
  return (
    <FormField
      name="recoveryCode"
      label="Recovery code"
      required
      help="One of the ten codes you saved when you set up two-factor."
      testId={testId}
    >
      {(control) => <Input autoComplete="off" spellCheck={false} placeholder="xxxxx-xxxxx" {...control} />}
    </FormField>
  );
}
