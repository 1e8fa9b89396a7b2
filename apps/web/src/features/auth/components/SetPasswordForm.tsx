import { Input, SimpleGrid, Text } from '@chakra-ui/react';
import type { setPasswordInput } from '@yozy/shared';
import { FormField } from '@/components/FormField';
import { MutationForm } from '@/components/MutationForm';
import type { MutationForm as Kit } from '@/lib/useMutationForm';
import { LINK_VALIDITY_NOTE, SET_PASSWORD_NOTE } from '@/features/auth/accountMessages';
import { NewPasswordFields } from './NewPasswordFields';
import { SubmitButton } from './SubmitButton';

type Props = { email: string; kit: Kit<typeof setPasswordInput> };

/** An invited user's name and first password (SPEC §2). */
export function SetPasswordForm({ email, kit }: Props) {
  return (
    <MutationForm kit={kit} label="Set your password" testId="setpassword-form" alertTestId="setpassword-error" focusOnArrival>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField name="firstName" label="First name" required testId="setpassword-first-name">
          {(control) => <Input autoComplete="given-name" {...control} />}
        </FormField>
        <FormField name="lastName" label="Last name" required testId="setpassword-last-name">
          {(control) => <Input autoComplete="family-name" {...control} />}
        </FormField>
      </SimpleGrid>
      <NewPasswordFields username={email} testIdPrefix="setpassword" copyable />
      <Text fontSize="sm" color="fg.muted" data-testid="setpassword-note">
        {SET_PASSWORD_NOTE}
      </Text>
      <SubmitButton submitting={kit.submitting} loadingText="Saving…" testId="setpassword-submit">
        Submit
      </SubmitButton>
      <Text fontSize="sm" color="fg.muted" textAlign="center" data-testid="setpassword-validity">
        {LINK_VALIDITY_NOTE}
      </Text>
    </MutationForm>
  );
}
