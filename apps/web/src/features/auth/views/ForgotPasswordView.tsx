import { AuthCard } from '../components/AuthCard';
import { BackToSignIn } from '../components/BackToSignIn';

// The form arrives with its own issue; the route, layout and access rule are in place now.
export default function ForgotPasswordView() {
  return (
    <AuthCard title="Forgot your password?">
      <BackToSignIn />
    </AuthCard>
  );
}
