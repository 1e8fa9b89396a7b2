import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useEnquirySubmitMutation, useProductListQuery } from '@/generated/graphql';
import { describeRequestError } from '@/lib/requestErrors';
import { useMutationForm } from '@/lib/useMutationForm';
import { AuthCard } from '@/components/AuthCard';
import { BackLink } from '@/components/BackLink';
import { loginPath } from '@/features/auth/urls';
import { EnquiryForm } from '@/features/signup/components/EnquiryForm';
import { EnquiryThanks } from '@/features/signup/components/EnquiryThanks';
import { EMPTY_ENQUIRY, submitEnquiryInput } from '@/features/signup/enquiryForm';

// The shared rules load when the person starts on the form, keeping zod off the first screen.
const enquiryInputSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.enquiryInput);

const NO_CHOICES = { businessVerticals: [], clientTypes: [] };

type Sent = { company: string; adminEmail: string };

/** Public sign-up: a company's enquiry, which waits for the provider's approval. */
export default function SignupView() {
  const products = useProductListQuery({ notifyOnNetworkStatusChange: true });
  const [submitEnquiry] = useEnquirySubmitMutation();
  const [sent, setSent] = useState<Sent | null>(null);
  const kit = useMutationForm({
    schema: enquiryInputSchema,
    defaultValues: EMPTY_ENQUIRY,
    captcha: true,
    call: async (enquiry, captcha) =>
      (await submitEnquiry({ variables: { input: submitEnquiryInput(enquiry, captcha) } })).data?.submitEnquiry,
    onSuccess: (_payload, { companyName, adminEmail }) => setSent({ company: companyName, adminEmail }),
  });

  if (sent) {
    return (
      <AuthCard title="Enquiry sent" testId="signup-sent">
        <EnquiryThanks company={sent.company} adminEmail={sent.adminEmail} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      size="wide"
      title="Create an account"
      description="Tell us about your company and the plan you would like. The provider reviews every enquiry and writes to the administrator."
    >
      <Stack gap="6">
        <EnquiryForm
          kit={kit}
          products={products.data?.products ?? []}
          productsLoading={products.loading}
          productsError={products.error && !products.loading ? describeRequestError(products.error) : null}
          onRetryProducts={() => void products.refetch().catch(() => undefined)}
          choices={products.data?.offeredOrganizationChoices ?? NO_CHOICES}
        />
        <BackLink to={loginPath}>Back to sign in</BackLink>
      </Stack>
    </AuthCard>
  );
}
