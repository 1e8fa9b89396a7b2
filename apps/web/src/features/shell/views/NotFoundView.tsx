import { AuthCard } from '../../auth/components/AuthCard';
import { BackToSignIn } from '../../auth/components/BackToSignIn';

/** Only public-looking addresses get here: the access rules redirect everything else. */
export default function NotFoundView() {
  return (
    <AuthCard title="Page not found" description="The address you followed does not lead to a page of the console.">
      <BackToSignIn />
    </AuthCard>
  );
}
