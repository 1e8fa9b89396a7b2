import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useEnquirySubmitMutation, useProductListQuery } from '../../../generated/graphql';
import { describeRequestError, UNEXPECTED_MESSAGE } from '../../../lib/requestErrors';
import { hasErrors } from '../../../lib/userErrors';
import { AuthCard } from '../../../components/AuthCard';
import { BackLink } from '../../../components/BackLink';
import { loginPath } from '../../auth/urls';
import { useCaptcha } from '../../../lib/useCaptcha';
import { EnquiryForm } from '../components/EnquiryForm';
import { EnquiryThanks } from '../components/EnquiryThanks';
import {
  EMPTY_ENQUIRY,
  enquiryAfterChange,
  enquiryOutcome,
  toEnquiryInput,
  validateEnquiry,
  type EnquiryErrors,
  type EnquiryField,
  type EnquiryValues,
} from '../enquiryForm';

type Sent = { company: string; adminEmail: string };

/** Public sign-up: a company's enquiry, which waits for the provider's approval. */
export default function SignupView() {
  const products = useProductListQuery({ notifyOnNetworkStatusChange: true });
  const [submitEnquiry] = useEnquirySubmitMutation();
  const captcha = useCaptcha();
  const [values, setValues] = useState<EnquiryValues>(EMPTY_ENQUIRY);
  const [errors, setErrors] = useState<EnquiryErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);

  const change = (field: EnquiryField, value: string) => {
    setValues((current) => enquiryAfterChange(current, field, value));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  // SPEC §4: the form-clear action empties every field.
  const clear = () => {
    setValues(EMPTY_ENQUIRY);
    setErrors({});
    setFormError(null);
  };

  const reject = (fieldErrors: EnquiryErrors, message: string | null) => {
    captcha.prepare();
    setErrors(fieldErrors);
    setFormError(message);
    setAttempt((count) => count + 1);
  };

  const submit = async () => {
    if (submitting) return;
    const problems = validateEnquiry(values);
    if (hasErrors(problems)) return reject(problems, null);
    setFormError(null);
    setSubmitting(true);
    try {
      const input = toEnquiryInput(values, await captcha.take());
      const { data } = await submitEnquiry({ variables: { input } });
      const payload = data?.submitEnquiry;
      if (payload?.enquiryId) {
        setSent({ company: input.companyName, adminEmail: input.adminEmail });
        return;
      }
      const outcome = enquiryOutcome(payload?.errors ?? []);
      reject(outcome.fieldErrors, outcome.formError ?? (hasErrors(outcome.fieldErrors) ? null : UNEXPECTED_MESSAGE));
    } catch (error) {
      reject({}, describeRequestError(error));
    } finally {
      setSubmitting(false);
    }
  };

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
          values={values}
          errors={errors}
          formError={formError}
          submitting={submitting}
          attempt={attempt}
          products={products.data?.products ?? []}
          productsLoading={products.loading}
          productsError={products.error && !products.loading ? describeRequestError(products.error) : null}
          onChange={change}
          onSubmit={() => void submit()}
          onClear={clear}
          onRetryProducts={() => void products.refetch().catch(() => undefined)}
        />
        <BackLink to={loginPath}>Back to sign in</BackLink>
      </Stack>
    </AuthCard>
  );
}
