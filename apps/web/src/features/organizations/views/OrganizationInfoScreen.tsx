import { Badge, Box, Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { OrganizationInput } from '@yozy/shared';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { MutationForm } from '@/components/MutationForm';
import { QueryStates } from '@/components/QueryStates';
import {
  useOrganizationInfoQuery,
  useOrganizationSetActiveMutation,
  useOrganizationUpdateMutation,
  type OrganizationInfoFieldsFragment,
} from '@/generated/graphql';
import { formatDate } from '@/lib/dates';
import { toastFailure, toastIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';
import {
  OrganizationInfoFields,
  type OrganizationChoices,
  type RegionOption,
} from '@/features/organizations/components/OrganizationInfoFields';

// The shared rules load when the person starts on the form, keeping zod off the tab's first paint.
const organizationInputSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.organizationInput);

type Organization = OrganizationInfoFieldsFragment;

/** The form's values: blanks for what the record leaves empty. */
const valuesOf = (organization: Organization): OrganizationInput => ({
  companyName: organization.companyName,
  addressLine1: organization.addressLine1 ?? '',
  addressLine2: organization.addressLine2 ?? '',
  city: organization.city ?? '',
  state: organization.state ?? '',
  countryCode: organization.countryCode ?? '',
  pincode: organization.pincode ?? '',
  contactName: organization.contactName ?? '',
  designation: organization.designation ?? '',
  currencyCode: organization.currencyCode,
  clientType: organization.clientType ?? '',
  natureOfBusiness: organization.natureOfBusiness ?? '',
  businessVertical: organization.businessVertical ?? '',
  revenueUsd: organization.revenueUsd === null || organization.revenueUsd === undefined ? '' : String(organization.revenueUsd),
  defaultRegions: [...organization.defaultRegions],
});

function DetailsForm({
  organization,
  regions,
  choices,
}: {
  organization: Organization;
  regions: readonly RegionOption[];
  choices: OrganizationChoices;
}) {
  const [update] = useOrganizationUpdateMutation();
  const kit = useMutationForm({
    schema: organizationInputSchema,
    defaultValues: valuesOf(organization),
    // The country goes by its code alone: its name follows on the server.
    call: async ({ country: _name, ...values }) =>
      (await update({ variables: { input: { id: organization.id, ...values } } })).data?.updateOrganization,
    onSuccess: (payload) => {
      // What was saved becomes the form's starting point, tidied as the server stored it.
      if (payload.organization) kit.form.reset(valuesOf(payload.organization));
      toaster.success({ title: `${payload.organization?.companyName ?? 'The organization'} saved` });
    },
  });
  return (
    <Box as="section" aria-labelledby="organization-details-heading">
      <Heading as="h2" size="md" id="organization-details-heading" mb="4">
        Details
      </Heading>
      <MutationForm kit={kit} label="Organization details" testId="organization-form" alertTestId="organization-form-alert">
        <Text color="fg.muted" fontSize="sm">
          Onboarded {formatDate(organization.dateOnboarded)}
        </Text>
        <OrganizationInfoFields regions={regions} choices={choices} saved={organization} />
        <HStack>
          <Button type="submit" colorPalette="brand" loading={kit.submitting} data-testid="organization-save">
            Save changes
          </Button>
        </HStack>
      </MutationForm>
    </Box>
  );
}

function Activation({ organization }: { organization: Organization }) {
  const [setActive] = useOrganizationSetActiveMutation();
  const [confirming, setConfirming] = useState(false);
  const name = organization.companyName;
  const change = async (active: boolean) => {
    const answer = await setActive({ variables: { input: { id: organization.id, active } } });
    const title = active ? `${name} could not be activated` : `${name} could not be deactivated`;
    if (!toastIfRefused(answer.data?.setOrganizationActive, title)) return;
    toaster.success({ title: active ? `${name} is active again` : `${name} deactivated: its users are signed out` });
  };
  return (
    <Box as="section" aria-labelledby="organization-status-heading" borderTopWidth="1px" pt="6">
      <HStack gap="3" mb="2">
        <Heading as="h2" size="md" id="organization-status-heading">
          Status
        </Heading>
        <Badge colorPalette={organization.isActive ? 'green' : 'red'} data-testid="organization-status">
          {organization.isActive ? 'Active' : 'Deactivated'}
        </Badge>
      </HStack>
      {organization.isProvider ? (
        <Text color="fg.muted">This is the provider’s own organization. It cannot be deactivated.</Text>
      ) : organization.isActive ? (
        <Stack gap="3" alignItems="flex-start">
          <Text color="fg.muted">Deactivating signs out every user of {name} at once and stops them signing in.</Text>
          <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)} data-testid="organization-deactivate">
            Deactivate organization
          </Button>
        </Stack>
      ) : (
        <Stack gap="3" alignItems="flex-start">
          <Text color="fg.muted">Its users cannot sign in until it is activated again.</Text>
          <Button
            colorPalette="brand"
            onClick={() => void change(true).catch((error: unknown) => toastFailure(`${name} could not be activated`, error))}
            data-testid="organization-activate"
          >
            Activate organization
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Deactivate ${name}?`}
        confirmLabel="Deactivate"
        destructive
        onConfirm={() => change(false)}
        onClose={() => setConfirming(false)}
        testId="organization-deactivate-dialog"
      >
        Every session of {name}’s users ends now, and none of them can sign in until the organization is activated again.
      </ConfirmDialog>
    </Box>
  );
}

/** The provider's view of one organisation's record: its details and default regions to edit, and whether it is active. */
export default function OrganizationInfoScreen({ organizationId }: { organizationId?: string }) {
  const { data, error, refetch } = useOrganizationInfoQuery({ variables: { id: organizationId ?? '' }, skip: !organizationId });
  const organization = data?.organization;
  return (
    <QueryStates
      data={organization && data && { organization, offered: data.regions.nodes, choices: data.offeredOrganizationChoices }}
      error={error}
      refetch={refetch}
      errorTitle="The organization's details could not be loaded"
      loadingLabel="Loading the organization's details"
      placeholder={
        <>
          <Skeleton height="8" width="40%" />
          <Skeleton height="48" />
        </>
      }
      testId="organization-info"
    >
      {(loaded) => <OrganizationInfo {...loaded} />}
    </QueryStates>
  );
}

/** The record once loaded: the regions on offer, with any retired one it still holds. */
function OrganizationInfo({
  organization,
  offered,
  choices,
}: {
  organization: Organization;
  offered: readonly RegionOption[];
  choices: OrganizationChoices;
}) {
  // A region chosen before it was retired stays listed, so saving does not drop it unnoticed.
  const kept = organization.defaultRegions.filter((code) => !offered.some((region) => region.code === code));
  const regions = [...offered.map(({ code, name }) => ({ code, name })), ...kept.map((code) => ({ code, name: code, retired: true }))];
  return (
    <Stack gap="8">
      <DetailsForm key={organization.id} organization={organization} regions={regions} choices={choices} />
      <Activation organization={organization} />
    </Stack>
  );
}
