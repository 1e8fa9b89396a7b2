import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { FormAlert } from '../../../components/FormAlert';
import { CheckedForm } from '../../../components/CheckedForm';
import type { ResetRequestErrors } from '../resetRequestForm';
import { BackLink } from '../../../components/BackLink';
import { loginPath } from '../urls';

type Props = {
  email: string;
  errors: ResetRequestErrors;
  formError: string | null;
  submitting: boolean;
  attempt: number;
  onChange: (email: string) => void;
  onSubmit: () => void;
};

export function ResetRequestForm({ email, errors, formError, submitting, attempt, onChange, onSubmit }: Props) {
  return (
    <CheckedForm label="Request a password reset link" testId="reset-request-form" attempt={attempt} onSubmit={onSubmit}>
      <Stack gap="5">
        {formError && <FormAlert message={formError} testId="reset-request-error" />}
        <Field.Root invalid={Boolean(errors.email)} required>
          <Field.Label>
            Email
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            placeholder="name@company.com"
            value={email}
            onChange={(event) => onChange(event.target.value)}
            data-testid="reset-request-email"
          />
          <Field.ErrorText data-testid="reset-request-email-error">{errors.email}</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          width="full"
          loading={submitting}
          loadingText="Sending…"
          data-testid="reset-request-submit"
        >
          Send reset link
        </Button>
        <BackLink to={loginPath}>Back to sign in</BackLink>
      </Stack>
    </CheckedForm>
  );
}
