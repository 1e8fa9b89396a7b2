import { Button, Dialog, Input, Portal, Textarea } from '@chakra-ui/react';
import { FormField } from '@/components/FormField';
import { MutationForm } from '@/components/MutationForm';
import { useGroupCreateMutation, useGroupUpdateMutation, type GroupFieldsFragment } from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { useMutationForm } from '@/lib/useMutationForm';

// The shared rules load when the person starts on the form, as the REST service checks the same ones.
const groupInputSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.groupInput);

type Props = {
  organizationId?: string;
  /** The group to rename or describe; a new group when absent. */
  group?: GroupFieldsFragment;
  onClose: () => void;
  onSaved: (group: GroupFieldsFragment, created: boolean) => void;
};

/** Makes a group, or renames and describes one, in a dialog. */
export function GroupEditorDialog({ organizationId, group, onClose, onSaved }: Props) {
  const [createGroup] = useGroupCreateMutation({ update: (cache) => dropListPages(cache, 'groups') });
  const [updateGroup] = useGroupUpdateMutation();
  const kit = useMutationForm({
    schema: groupInputSchema,
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '' },
    call: async (values) => {
      if (group) return (await updateGroup({ variables: { input: { id: group.id, ...values } } })).data?.updateGroup;
      return (await createGroup({ variables: { input: { organizationId, ...values } } })).data?.createGroup;
    },
    onSuccess: (payload) => {
      if (payload.group) onSaved(payload.group, !group);
    },
  });
  const title = group ? `Edit ${group.name}` : 'New group';

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="group-editor">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <MutationForm kit={kit} label={title} alertTestId="group-editor-alert">
                <FormField name="name" label="Name" required testId="group-name-input">
                  {(control) => <Input {...control} autoComplete="off" maxLength={100} />}
                </FormField>
                <FormField
                  name="description"
                  label="Description"
                  help="What the group is for, in a sentence or two."
                  testId="group-description-input"
                >
                  {(control) => <Textarea {...control} rows={3} maxLength={500} />}
                </FormField>
              </MutationForm>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" form={kit.formId} colorPalette="brand" loading={kit.submitting} data-testid="group-editor-save">
                {group ? 'Save' : 'Create group'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
