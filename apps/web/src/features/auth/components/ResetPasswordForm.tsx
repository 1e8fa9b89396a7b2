import { Button, Link, Stack } from '@chakra-ui/react';
import { PASSWORD_RULE_MESSAGE } from '@yozy/shared';
import { Link as RouterLink } from 'react-router-dom';
import { FormAlert } from '../../../components/FormAlert';
import { CheckedForm } from '../../../components/CheckedForm';
import { EXPIRED_LINK_MESSAGE } from '../accountMessages';
import type { NewPasswordErrors, NewPasswordField, NewPasswordValues } from '../newPasswordForm';
import { forgotPasswordPath } from '../urls';
import { BackLink } from '../../../components/BackLink';
import { loginPath } from '../urls';
import { NewPasswordFields } from './NewPasswordFields';

type Props = {
  email: string;
  values: NewPasswordValues;
  errors: NewPasswordErrors;
  formError: string | null;
  submitting: boolean;
  attempt: number;
  onChange: (field: NewPasswordField, value: string) => void;
  onSubmit: () => void;
};

export function ResetPasswordForm({ email, values, errors, formError, submitting, attempt, onChange, onSubmit }: Props) {
  return (
    <CheckedForm label="Choose a new password" testId="reset-form" attempt={attempt} onSubmit={onSubmit}>
      <Stack gap="5">
        {formError && (
          <FormAlert message={formError} testId="reset-error">
            {formError === EXPIRED_LINK_MESSAGE && (
              <Link asChild color="inherit" textDecoration="underline">
                <RouterLink to={forgotPasswordPath}>Ask for a new link</RouterLink>
              </Link>
            )}
          </FormAlert>
        )}
        <NewPasswordFields
          values={values}
          errors={errors}
          onChange={onChange}
          username={email}
          testIdPrefix="reset"
          hint={PASSWORD_RULE_MESSAGE}
        />
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          width="full"
          loading={submitting}
          loadingText="Saving…"
          data-testid="reset-submit"
        >
          Reset password
        </Button>
        <BackLink to={loginPath}>Back to sign in</BackLink>
      </Stack>
    </CheckedForm>
  );
}
