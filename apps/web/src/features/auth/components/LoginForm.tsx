import { Button, Field, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FormAlert } from '../../../components/FormAlert';
import type { SignInErrors, SignInField, SignInValues } from '../signInForm';
import { forgotPasswordPath, signupPath } from '../urls';
import { PasswordInput } from './PasswordInput';

type Props = {
  values: SignInValues;
  fieldErrors: SignInErrors;
  formError: string | null;
  submitting: boolean;
  /** Bumped on each rejected submit so focus moves to the first field to fix. */
  attempt: number;
  onChange: (field: SignInField, value: string) => void;
  onSubmit: () => void;
};

export function LoginForm({ values, fieldErrors, formError, submitting, attempt, onChange, onSubmit }: Props) {
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (attempt === 0) return;
    if (fieldErrors.email) emailRef.current?.focus();
    else if (fieldErrors.password) passwordRef.current?.focus();
  }, [attempt, fieldErrors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate data-testid="login-form" aria-label="Sign in">
      <Stack gap="5">
        {formError && <FormAlert message={formError} testId="login-error" />}
        <Field.Root invalid={Boolean(fieldErrors.email)} required>
          <Field.Label>
            Email
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            ref={emailRef}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            placeholder="name@company.com"
            value={values.email}
            onChange={(event) => onChange('email', event.target.value)}
            data-testid="login-email"
          />
          <Field.ErrorText>{fieldErrors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(fieldErrors.password)} required>
          <HStack justify="space-between" width="full">
            <Field.Label>
              Password
              <Field.RequiredIndicator />
            </Field.Label>
            <Link asChild fontSize="sm" color="brand.fg" fontWeight="medium">
              <RouterLink to={forgotPasswordPath}>Forgot password?</RouterLink>
            </Link>
          </HStack>
          <PasswordInput
            ref={passwordRef}
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => onChange('password', event.target.value)}
            data-testid="login-password"
          />
          <Field.ErrorText>{fieldErrors.password}</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          width="full"
          loading={submitting}
          loadingText="Signing in…"
          data-testid="login-submit"
        >
          Sign in
        </Button>
        <Text textAlign="center" fontSize="sm" color="fg.muted">
          New to Yozy?{' '}
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to={signupPath}>Create an account</RouterLink>
          </Link>
        </Text>
      </Stack>
    </form>
  );
}
