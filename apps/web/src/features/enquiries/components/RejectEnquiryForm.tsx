import { Button, HStack, Input } from '@chakra-ui/react';
import type { RejectEnquiryInput } from '@yozy/shared/inputs';
import { FormField } from '@/components/FormField';
import { MutationForm } from '@/components/MutationForm';
import type { MutationPayload } from '@/lib/payloadErrors';
import { useMutationForm } from '@/lib/useMutationForm';

const rejectSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.rejectEnquiryInput);

type Props = {
  enquiryId: string;
  companyName: string;
  /** Calls the mutation; the form shows its payload's errors. */
  onReject: (input: RejectEnquiryInput) => Promise<MutationPayload | null | undefined>;
  onRejected: () => void;
  onCancel: () => void;
};

/** Asks for the reason of a rejection, which the enquirer reads in the mail. */
export function RejectEnquiryForm({ enquiryId, companyName, onReject, onRejected, onCancel }: Props) {
  const kit = useMutationForm({
    schema: rejectSchema,
    defaultValues: { enquiryId, reason: '' },
    call: (values) => onReject(values),
    onSuccess: () => onRejected(),
  });
  return (
    <MutationForm kit={kit} label={`Reject the enquiry of ${companyName}`} testId="reject-form" alertTestId="reject-alert" gap="3">
      <FormField
        name="reason"
        label="Reason for the rejection"
        required
        help="The enquirer reads this in the mail that tells them."
        testId="reject-reason"
      >
        {(control) => <Input autoComplete="off" maxLength={500} {...control} />}
      </FormField>
      <HStack justify="flex-end" gap="2" wrap="wrap">
        <Button variant="ghost" onClick={onCancel} disabled={kit.submitting}>
          Cancel
        </Button>
        <Button variant="outline" onClick={kit.clear} disabled={kit.submitting} data-testid="reject-clear">
          Clear
        </Button>
        <Button type="submit" colorPalette="red" loading={kit.submitting} data-testid="reject-submit">
          Reject enquiry
        </Button>
      </HStack>
    </MutationForm>
  );
}
