import { Button, Code, Input, Stack, Text, Textarea, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { FormAlert } from '@/components/FormAlert';
import { FormDialog } from '@/components/FormDialog';
import { FormField } from '@/components/FormField';
import {
  useEmailPreviewLazyQuery,
  useEmailTemplateUpdateMutation,
  type EmailSettingsFieldsFragment,
  type EmailTemplateName,
} from '@/generated/graphql';
import { describeRequestError } from '@/lib/requestErrors';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';
import { MailFrame } from '@/features/emailSettings/components/MailFrame';
import { TEMPLATE_LABELS } from '@/features/emailSettings/components/labels';

// The shared rules load when the dialog opens, keeping zod off the settings' first paint.
const templateSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.emailTemplateInput);

type Template = EmailSettingsFieldsFragment['templates'][number];
type Props = { organizationId?: string; template: Template; onClose: () => void };

const restName = (template: EmailTemplateName) => template.toLowerCase() as Lowercase<EmailTemplateName>;

/** Words one mail: its subject and the text before the link, with a preview of the mail as it would be sent. */
export function EmailTemplateDialog({ organizationId, template, onClose }: Props) {
  const [save] = useEmailTemplateUpdateMutation();
  const [preview, previewed] = useEmailPreviewLazyQuery({ fetchPolicy: 'no-cache' });
  const [shown, setShown] = useState(false);
  const label = TEMPLATE_LABELS[template.template];
  const kit = useMutationForm({
    schema: templateSchema,
    defaultValues: { template: restName(template.template), subject: template.subject, body: template.body },
    call: async ({ subject, body }) =>
      (await save({ variables: { organizationId, input: { template: template.template, subject, body } } })).data?.updateEmailTemplate,
    onSuccess: () => {
      toaster.success({ title: `${label.title} mail saved` });
      onClose();
    },
  });
  const showPreview = () => {
    const { subject, body } = kit.form.getValues();
    setShown(true);
    void preview({ variables: { organizationId, input: { template: template.template, subject, body } } });
  };

  return (
    <FormDialog
      noun="email-template"
      title={`Word the ${label.title.toLowerCase()} mail`}
      kit={kit}
      submitLabel="Save wording"
      onClose={onClose}
    >
      <Stack gap="4">
        <Text color="fg.muted">{label.when}. The link and how long it works are added after your text.</Text>
        <FormField name="subject" label="Subject" required testId="email-template-subject">
          {(control) => <Input {...control} autoComplete="off" />}
        </FormField>
        <FormField name="body" label="Text" required help="Leave a blank line between paragraphs." testId="email-template-body">
          {(control) => <Textarea {...control} rows={6} />}
        </FormField>
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="medium">
            Values you can use
          </Text>
          <Wrap gap="2" data-testid="email-template-placeholders">
            {template.placeholders.map((name) => (
              <Code key={name}>{`{{${name}}}`}</Code>
            ))}
          </Wrap>
        </Stack>
        <Button variant="outline" alignSelf="start" onClick={showPreview} loading={previewed.loading} data-testid="email-template-preview">
          Preview
        </Button>
        {shown && previewed.error && <FormAlert testId="email-template-preview-error" message={describeRequestError(previewed.error)} />}
        {shown && previewed.data && (
          <Stack gap="2" data-testid="email-template-preview-result">
            <Text fontSize="sm">
              <Text as="span" color="fg.muted">
                Subject:{' '}
              </Text>
              {previewed.data.emailPreview.subject}
            </Text>
            <MailFrame html={previewed.data.emailPreview.html} title={`Preview of the ${label.title.toLowerCase()} mail`} />
          </Stack>
        )}
      </Stack>
    </FormDialog>
  );
}
