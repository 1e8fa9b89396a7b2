import { Input } from '@chakra-ui/react';
import { FormDialog } from '@/components/FormDialog';
import { FormField } from '@/components/FormField';
import { useProjectCreateMutation, useProjectRenameMutation, type ProjectFieldsFragment } from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { useMutationForm } from '@/lib/useMutationForm';

// The shared rules load when the person starts on the form, as the REST service checks the same ones.
const createSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.projectCreateInput);
const renameSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.projectCreateInput.pick({ name: true }));

type Props = {
  organizationId?: string;
  /** The project to rename; a new project when absent. */
  project?: ProjectFieldsFragment;
  onClose: () => void;
  onSaved: (project: ProjectFieldsFragment, created: boolean) => void;
};

/** Makes a project (short code and name), or renames one, in a dialog. */
export function ProjectEditorDialog({ organizationId, project, onClose, onSaved }: Props) {
  return project ? (
    <RenameDialog project={project} onClose={onClose} onSaved={(saved) => onSaved(saved, false)} />
  ) : (
    <CreateDialog organizationId={organizationId} onClose={onClose} onSaved={(saved) => onSaved(saved, true)} />
  );
}

function CreateDialog({
  organizationId,
  onClose,
  onSaved,
}: Omit<Props, 'project' | 'onSaved'> & { onSaved: (project: ProjectFieldsFragment) => void }) {
  const [createProject] = useProjectCreateMutation({ update: (cache) => dropListPages(cache, 'projects') });
  const kit = useMutationForm({
    schema: createSchema,
    defaultValues: { shortCode: '', name: '' },
    call: async (values) => (await createProject({ variables: { input: { organizationId, ...values } } })).data?.createProject,
    onSuccess: (payload) => {
      if (payload.project) onSaved(payload.project);
    },
  });
  return (
    <FormDialog noun="project-editor" title="New project" kit={kit} submitLabel="Create project" onClose={onClose} size="md">
      <FormField
        name="shortCode"
        label="Short code"
        required
        help="Letters, digits and hyphens, such as ACM-WEB; unique in the organization."
        testId="project-code-input"
      >
        {(control) => <Input {...control} autoComplete="off" maxLength={20} textTransform="uppercase" />}
      </FormField>
      <FormField name="name" label="Name" required testId="project-name-input">
        {(control) => <Input {...control} autoComplete="off" maxLength={100} />}
      </FormField>
    </FormDialog>
  );
}

function RenameDialog({
  project,
  onClose,
  onSaved,
}: {
  project: ProjectFieldsFragment;
  onClose: () => void;
  onSaved: (project: ProjectFieldsFragment) => void;
}) {
  const [renameProject] = useProjectRenameMutation();
  const kit = useMutationForm({
    schema: renameSchema,
    defaultValues: { name: project.name },
    call: async (values) => (await renameProject({ variables: { input: { id: project.id, ...values } } })).data?.renameProject,
    onSuccess: (payload) => {
      if (payload.project) onSaved(payload.project);
    },
  });
  return (
    <FormDialog noun="project-editor" title={`Rename ${project.shortCode}`} kit={kit} submitLabel="Save" onClose={onClose} size="md">
      <FormField name="name" label="Name" required help="The short code stays as it is." testId="project-name-input">
        {(control) => <Input {...control} autoComplete="off" maxLength={100} />}
      </FormField>
    </FormDialog>
  );
}
