import { Input, Link, Text } from '@chakra-ui/react';
import type { signInInput } from '@yozy/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FormField } from '@/components/FormField';
import { MutationForm } from '@/components/MutationForm';
import type { MutationForm as Kit } from '@/lib/useMutationForm';
import { forgotPasswordPath, signupPath } from '@/features/auth/urls';
import { PasswordInput } from './PasswordInput';
import { SubmitButton } from './SubmitButton';

type Props = {
  kit: Kit<typeof signInInput>;
  /** "Continue with single sign-on", when the email's domain signs in that way. */
  singleSignOn?: ReactNode;
  /** The domain signs in only with single sign-on: no password, and submitting starts it. */
  passwordless?: boolean;
};

export function LoginForm({ kit, singleSignOn, passwordless = false }: Props) {
  return (
    <MutationForm kit={kit} label="Sign in" testId="login-form" alertTestId="login-error" focusOnArrival>
      <FormField name="email" label="Email" required testId="login-email">
        {(control) => <Input type="email" autoComplete="username" inputMode="email" placeholder="name@company.com" {...control} />}
      </FormField>
      {singleSignOn}
      {!passwordless && (
        <>
          <FormField
            name="password"
            label="Password"
            required
            testId="login-password"
            labelAside={
              <Link asChild fontSize="sm" color="brand.fg" fontWeight="medium">
                <RouterLink to={forgotPasswordPath}>Forgot password?</RouterLink>
              </Link>
            }
          >
            {(control) => <PasswordInput autoComplete="current-password" {...control} />}
          </FormField>
          <SubmitButton submitting={kit.submitting} loadingText="Signing in…" testId="login-submit">
            Sign in
          </SubmitButton>
        </>
      )}
      <Text textAlign="center" fontSize="sm" color="fg.muted">
        New to Yozy?{' '}
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={signupPath}>Create an account</RouterLink>
        </Link>
      </Text>
    </MutationForm>
  );
}
