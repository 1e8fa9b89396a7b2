import { Input, Stack, Text } from '@chakra-ui/react';
import { FormField } from '@/components/FormField';
import { useRegionCreateMutation, useRegionRenameMutation, type RegionFieldsFragment } from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';
import { FormDialog } from '@/components/FormDialog';

// The shared rules load when the dialog opens, keeping zod off the list's first paint.
const regionInputSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.regionInput);
const regionRenameSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.regionRenameInput);

type Props = { onClose: () => void };

const NameField = () => (
  <FormField name="name" label="Region name" required help="As people know it, such as Europe (Ireland)" testId="region-name">
    {(control) => <Input {...control} autoComplete="off" />}
  </FormField>
);

/** Adds a region: its code, which organisations' settings name and which never changes, and its name. */
export function RegionAddDialog({ onClose }: Props) {
  const [createRegion] = useRegionCreateMutation({ update: (cache) => dropListPages(cache, 'regions') });
  const kit = useMutationForm({
    schema: regionInputSchema,
    defaultValues: { code: '', name: '' },
    call: async (input) => (await createRegion({ variables: { input } })).data?.createRegion,
    onSuccess: (payload) => {
      toaster.success({ title: `${payload.region?.name} added` });
      onClose();
    },
  });
  return (
    <FormDialog noun="region" title="Add a region" kit={kit} submitLabel="Add region" onClose={onClose}>
      <Stack gap="4">
        <FormField
          name="code"
          label="Code"
          required
          help="Small letters and digits joined by -, such as eu-west-1; it cannot be changed later"
          testId="region-code"
        >
          {(control) => <Input {...control} autoComplete="off" placeholder="eu-west-1" />}
        </FormField>
        <NameField />
      </Stack>
    </FormDialog>
  );
}

/** Renames a region; its code stays. */
export function RegionRenameDialog({ region, onClose }: Props & { region: RegionFieldsFragment }) {
  const [renameRegion] = useRegionRenameMutation();
  const kit = useMutationForm({
    schema: regionRenameSchema,
    defaultValues: { name: region.name },
    call: async ({ name }) => (await renameRegion({ variables: { input: { id: region.id, name } } })).data?.renameRegion,
    onSuccess: (payload) => {
      toaster.success({ title: `${payload.region?.name} saved` });
      onClose();
    },
  });
  return (
    <FormDialog noun="region" title={`Rename ${region.name}`} kit={kit} submitLabel="Save" onClose={onClose}>
      <Stack gap="4">
        <Text color="fg.muted">
          Code{' '}
          <Text as="span" fontFamily="mono" color="fg">
            {region.code}
          </Text>
          , which organizations’ settings name, stays as it is.
        </Text>
        <NameField />
      </Stack>
    </FormDialog>
  );
}
