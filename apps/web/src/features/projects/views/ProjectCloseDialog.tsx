import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useProjectCloseMutation, type ProjectFieldsFragment } from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { throwIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';

const allocations = (count: number) => (count === 1 ? '1 current allocation ends' : `${count} current allocations end`);

/** Asks before a project closes: its current allocations end today, and it takes no new ones. */
export function ProjectCloseDialog({ project, onClose }: { project: ProjectFieldsFragment; onClose: () => void }) {
  const [closeProject] = useProjectCloseMutation({
    update: (cache) => {
      // Allocations end and people's totals change with it.
      dropListPages(cache, 'allocations');
      dropListPages(cache, 'projects');
    },
  });

  async function confirm() {
    const answer = await closeProject({ variables: { input: { id: project.id } } });
    throwIfRefused(answer.data?.closeProject);
    toaster.success({ title: `${project.shortCode} was closed` });
  }

  return (
    <ConfirmDialog
      open
      title={`Close ${project.shortCode}?`}
      confirmLabel="Close project"
      destructive
      onConfirm={confirm}
      onClose={onClose}
      testId="project-close-dialog"
    >
      {project.name}: {project.currentAllocationCount > 0 ? `its ${allocations(project.currentAllocationCount)} today, and ` : ''}it takes
      no new allocations. The project stays in the list as closed, with its issues and releases.
    </ConfirmDialog>
  );
}
