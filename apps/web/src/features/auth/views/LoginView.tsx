import { useApolloClient } from '@apollo/client/react';
import { useSignInMutation, ViewerDocument } from '../../../generated/graphql';
import { useMutationForm } from '../../../lib/useMutationForm';
import { AuthCard } from '../../../components/AuthCard';
import { LoginForm } from '../components/LoginForm';

// The shared rules load when the person starts on the form, keeping zod off the first screen.
const signInInputSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.signInInput);

/**
 * Sign-in. On success the viewer goes into the cache; the session gate then sees a signed-in
 * viewer on /login and sends them on (to the screen they asked for, or their landing page).
 */
export default function LoginView() {
  const client = useApolloClient();
  const [signIn] = useSignInMutation();
  const kit = useMutationForm({
    schema: signInInputSchema,
    defaultValues: { email: '', password: '' },
    captcha: true,
    call: async (values, captcha) => (await signIn({ variables: { input: { ...values, captcha } } })).data?.signIn,
    onSuccess: ({ viewer }) => {
      if (viewer) client.writeQuery({ query: ViewerDocument, data: { viewer } });
    },
  });

  return (
    <AuthCard title="Sign in" description="Welcome back. Sign in to manage your organisation.">
      <LoginForm kit={kit} />
    </AuthCard>
  );
}
