import { Button, HStack, Input, SimpleGrid } from '@chakra-ui/react';
import type { editUserProfileInput } from '@yozy/shared';
import { FormField } from '@/components/FormField';
import { MutationForm } from '@/components/MutationForm';
import { useUserProfileEditMutation } from '@/generated/graphql';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';
import { PersonPanel, type SectionProps } from './PersonPanel';
import { refreshPerson } from './personChange';

// The shared rules load when the person starts on the form, keeping zod off the page's first paint.
const profileSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.editUserProfileInput);

/** Their name, phone and department, edited in a form. */
export function ProfileSection({ person, scope }: SectionProps) {
  const [edit] = useUserProfileEditMutation(refreshPerson);
  const kit = useMutationForm({
    schema: profileSchema,
    defaultValues: {
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone ?? '',
      departmentName: person.departmentName ?? '',
      departmentCode: person.departmentCode ?? '',
    },
    call: async (values) =>
      (await edit({ variables: { organizationId: scope.organizationId, input: { userId: scope.userId, ...values } } })).data
        ?.editUserProfile,
    onSuccess: () => toaster.success({ title: 'Profile saved' }),
  });
  return (
    <PersonPanel
      title="Profile"
      description="Their name, phone and department. The email is how they sign in and stays."
      testId="person-profile"
    >
      <MutationForm<typeof editUserProfileInput>
        kit={kit}
        label="Profile"
        testId="person-profile-form"
        alertTestId="person-profile-error"
        gap="4"
      >
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField name="firstName" label="First name" required testId="person-first-name">
            {(control) => <Input autoComplete="off" {...control} />}
          </FormField>
          <FormField name="lastName" label="Last name" required testId="person-last-name">
            {(control) => <Input autoComplete="off" {...control} />}
          </FormField>
          <FormField name="departmentName" label="Department name" testId="person-department-name">
            {(control) => <Input {...control} />}
          </FormField>
          <FormField name="departmentCode" label="Department code" testId="person-department-code">
            {(control) => <Input {...control} />}
          </FormField>
          <FormField name="phone" label="Phone" testId="person-phone">
            {(control) => <Input type="tel" inputMode="tel" {...control} />}
          </FormField>
        </SimpleGrid>
        <HStack>
          <Button type="submit" colorPalette="brand" loading={kit.submitting} loadingText="Saving…" data-testid="person-profile-save">
            Save profile
          </Button>
        </HStack>
      </MutationForm>
    </PersonPanel>
  );
}
