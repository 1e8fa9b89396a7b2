import { Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FormAlert } from '../../../components/FormAlert';
import { CheckedForm } from '../../../components/CheckedForm';
import { LINK_VALIDITY_NOTE, SET_PASSWORD_NOTE } from '../accountMessages';
import type { SetPasswordErrors, SetPasswordField, SetPasswordValues } from '../setPasswordForm';
import { NewPasswordFields } from './NewPasswordFields';

type Props = {
  email: string;
  values: SetPasswordValues;
  errors: SetPasswordErrors;
  formError: string | null;
  submitting: boolean;
  attempt: number;
  onChange: (field: SetPasswordField, value: string) => void;
  onSubmit: () => void;
};

/** An invited user's name and first password (SPEC §2). */
export function SetPasswordForm({ email, values, errors, formError, submitting, attempt, onChange, onSubmit }: Props) {
  return (
    <CheckedForm label="Set your password" testId="setpassword-form" attempt={attempt} onSubmit={onSubmit}>
      <Stack gap="5">
        {formError && <FormAlert message={formError} testId="setpassword-error" />}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={Boolean(errors.firstName)} required>
            <Field.Label>
              First name
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="firstName"
              autoComplete="given-name"
              value={values.firstName}
              onChange={(event) => onChange('firstName', event.target.value)}
              data-testid="setpassword-first-name"
            />
            <Field.ErrorText data-testid="setpassword-first-name-error">{errors.firstName}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.lastName)} required>
            <Field.Label>
              Last name
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="lastName"
              autoComplete="family-name"
              value={values.lastName}
              onChange={(event) => onChange('lastName', event.target.value)}
              data-testid="setpassword-last-name"
            />
            <Field.ErrorText data-testid="setpassword-last-name-error">{errors.lastName}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <NewPasswordFields values={values} errors={errors} onChange={onChange} username={email} testIdPrefix="setpassword" copyable />
        <Text fontSize="sm" color="fg.muted" data-testid="setpassword-note">
          {SET_PASSWORD_NOTE}
        </Text>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          width="full"
          loading={submitting}
          loadingText="Saving…"
          data-testid="setpassword-submit"
        >
          Submit
        </Button>
        <Text fontSize="sm" color="fg.muted" textAlign="center" data-testid="setpassword-validity">
          {LINK_VALIDITY_NOTE}
        </Text>
      </Stack>
    </CheckedForm>
  );
}
