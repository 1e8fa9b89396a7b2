import { AuthCard } from '@/components/AuthCard';
import { BackLink } from '@/components/BackLink';
import { loginPath } from '@/features/auth/urls';

/** Only public-looking addresses get here: the access rules redirect everything else. */
export default function NotFoundView() {
  return (
    <AuthCard title="Page not found" description="The address you followed does not lead to a page of the console.">
      <BackLink to={loginPath}>Back to sign in</BackLink>
    </AuthCard>
  );
}
