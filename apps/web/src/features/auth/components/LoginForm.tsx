import { Field, Input, Link } from '@chakra-ui/react';
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
      )}
      <KeepSignedIn kit={kit} />
      {!passwordless && (
        <SubmitButton submitting={kit.submitting} loadingText="Signing in…" testId="login-submit">
          Sign in
        </SubmitButton>
      )}
      <p style={{ textAlign: 'center', fontSize: 'var(--chakra-font-sizes-sm)', color: 'var(--chakra-colors-fg-muted)' }}>
        New to Yozy?{' '}
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={signupPath}>Create an account</RouterLink>
        </Link>
      </p>
    </MutationForm>
  );
}

/**
 * "Keep me signed in", a plain checkbox: the first visit to /login has a download budget, and the
 * kit's checkbox would bring a state machine for one box. Its label is plain too: the sign-in
 * page's first draw styles as few elements as it can.
 */
function KeepSignedIn({ kit }: Pick<Props, 'kit'>) {
  return (
    <Field.Root ids={{ helperText: 'login-keep-signed-in-help' }}>
      <label style={{ display: 'flex', alignItems: 'center', gap: 'var(--chakra-spacing-2)', cursor: 'pointer' }}>
        <input
          type="checkbox"
          style={{ width: '1rem', height: '1rem', accentColor: 'var(--chakra-colors-brand-solid)' }}
          aria-describedby="login-keep-signed-in-help"
          data-testid="login-keep-signed-in"
          // Ticked in the page drawn ahead too (app/prerender.tsx), where no script has set it yet.
          defaultChecked={kit.form.formState.defaultValues?.keepSignedIn !== false}
          {...kit.form.register('keepSignedIn')}
        />
        <p style={{ fontSize: 'var(--chakra-font-sizes-sm)' }}>Keep me signed in</p>
      </label>
      <Field.HelperText>
        For a day on this device. Leave it off on a shared computer: you are signed out after 3 hours or when the browser closes.
      </Field.HelperText>
    </Field.Root>
  );
}
