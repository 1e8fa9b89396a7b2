import { AuthCard } from '../../auth/components/AuthCard';
import { BackToSignIn } from '../../auth/components/BackToSignIn';

// The enquiry form arrives with its own issue; the route and public layout are in place now.
export default function SignupView() {
  return (
    <AuthCard title="Create an account">
      <BackToSignIn />
    </AuthCard>
  );
}
