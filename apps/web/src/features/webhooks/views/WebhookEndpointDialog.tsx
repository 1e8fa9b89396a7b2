import { Box, Checkbox, Code, Fieldset, Flex, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { CopyButton } from '@/components/CopyButton';
import { ShownOnceDialog } from '@/components/ShownOnceDialog';
import { FormDialog } from '@/components/FormDialog';
import { FormField } from '@/components/FormField';
import {
  useWebhookEndpointCreateMutation,
  useWebhookEndpointUpdateMutation,
  type WebhookEndpointFieldsFragment,
} from '@/generated/graphql';
import { useMutationForm } from '@/lib/useMutationForm';
import { EVENT_GROUPS, eventOf, nameOf } from '@/features/webhooks/labels';
import { WEBHOOK_EVENTS, type WebhookEventType as EventName } from '@yozy/shared/webhookEvents';

// The shared rules load when the dialog opens, keeping zod off the panel's first paint.
const endpointSchema = () => import('@yozy/shared/webhookInputs').then((inputs) => inputs.webhookEndpointInput);

type Endpoint = WebhookEndpointFieldsFragment;

type Props = {
  /** The organisation to register it for; the viewer's own (for a SuperAdmin, the provider's) when absent. */
  organizationId?: string;
  /** The endpoint to change; a new one when absent. */
  endpoint?: Endpoint;
  /** After a new endpoint is registered (its secret shown), or a change is saved. */
  onSaved: (endpoint: Endpoint) => void;
  onClose: () => void;
};

/**
 * Registers an endpoint (its address, what it is for, and the events it wants: every event unless
 * some are chosen), then shows its signing secret once; or changes one, its secret kept.
 */
export function WebhookEndpointDialog({ organizationId, endpoint, onSaved, onClose }: Props) {
  const [made, setMade] = useState<{ url: string; secret: string } | null>(null);
  const [create] = useWebhookEndpointCreateMutation();
  const [update] = useWebhookEndpointUpdateMutation();
  const chosen = (endpoint?.events ?? []).map(nameOf).filter((name): name is EventName => name !== undefined);
  const [every, setEvery] = useState(chosen.length === 0);
  const kit = useMutationForm({
    schema: endpointSchema,
    defaultValues: { url: endpoint?.url ?? '', description: endpoint?.description ?? '', events: chosen },
    call: async ({ url, description, events }) => {
      const input = { url, description, events: every ? [] : (events ?? []).map(eventOf) };
      if (endpoint) return (await update({ variables: { input: { id: endpoint.id, ...input } } })).data?.updateWebhookEndpoint;
      return (await create({ variables: { input: { organizationId, ...input } } })).data?.createWebhookEndpoint;
    },
    onSuccess: (payload) => {
      if (!payload.endpoint) return;
      onSaved(payload.endpoint);
      const secret = 'secret' in payload ? payload.secret : null;
      if (typeof secret === 'string' && secret) setMade({ url: payload.endpoint.url, secret });
      else onClose();
    },
  });

  if (made) return <SecretOnce title="Copy the signing secret" url={made.url} secret={made.secret} onClose={onClose} />;
  return (
    <FormDialog
      noun="webhook"
      title={endpoint ? 'Change the webhook endpoint' : 'Add a webhook endpoint'}
      kit={kit}
      submitLabel={endpoint ? 'Save' : 'Add endpoint'}
      onClose={onClose}
    >
      <Stack gap="5">
        <Text color="fg.muted">
          The console sends each event as a signed POST request (Standard Webhooks) to this address. Its secret is shown once, after it is
          added.
        </Text>
        <FormField name="url" label="Endpoint URL" required help="An https address on the internet" testId="webhook-url">
          {(control) => <Input {...control} type="url" inputMode="url" autoComplete="off" placeholder="https://example.com/webhooks" />}
        </FormField>
        <FormField
          name="description"
          label="Description"
          help="What receives the events, such as the HR system"
          testId="webhook-description"
        >
          {(control) => <Input {...control} autoComplete="off" />}
        </FormField>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="medium">Events</Fieldset.Legend>
          <Checkbox.Root
            colorPalette="brand"
            checked={every}
            onCheckedChange={(details) => setEvery(details.checked === true)}
            alignItems="flex-start"
          >
            <Checkbox.HiddenInput data-testid="webhook-every-event" />
            <Checkbox.Control mt="0.5" />
            <Stack gap="0.5">
              <Checkbox.Label>Every event</Checkbox.Label>
              <Text fontSize="sm" color="fg.muted">
                Including events the console adds later
              </Text>
            </Stack>
          </Checkbox.Root>
          {!every && (
            <Controller
              control={kit.form.control}
              name="events"
              render={({ field, fieldState }) => {
                const value = (field.value ?? []) as EventName[];
                const toggle = (name: EventName, on: boolean) =>
                  field.onChange(on ? [...value, name] : value.filter((one) => one !== name));
                return (
                  <Stack gap="4" data-testid="webhook-events">
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      {EVENT_GROUPS.map((group) => (
                        <Box key={group.label} role="group" aria-label={group.label}>
                          <Text fontWeight="medium" fontSize="sm" mb="2">
                            {group.label}
                          </Text>
                          <Stack gap="1.5">
                            {group.events.map((name) => (
                              <Checkbox.Root
                                key={name}
                                size="sm"
                                colorPalette="brand"
                                checked={value.includes(name)}
                                onCheckedChange={(details) => toggle(name, details.checked === true)}
                              >
                                <Checkbox.HiddenInput data-testid={`webhook-event-${name}`} />
                                <Checkbox.Control />
                                <Checkbox.Label>{WEBHOOK_EVENTS[name]}</Checkbox.Label>
                              </Checkbox.Root>
                            ))}
                          </Stack>
                        </Box>
                      ))}
                    </SimpleGrid>
                    {value.length === 0 && (
                      <Text fontSize="sm" color="fg.muted">
                        None chosen: every event is sent.
                      </Text>
                    )}
                    {fieldState.error && (
                      <Text fontSize="sm" color="fg.error">
                        {fieldState.error.message}
                      </Text>
                    )}
                  </Stack>
                );
              }}
            />
          )}
        </Fieldset.Root>
      </Stack>
    </FormDialog>
  );
}

/** A signing secret, shown this once with a copy button: only Done, Close or Escape end it, never a stray click beside it. */
export function SecretOnce({
  title,
  url,
  secret,
  note,
  onClose,
}: {
  title: string;
  url: string;
  secret: string;
  note?: string;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog
      title={title}
      testId="webhook-secret-dialog"
      doneTestId="webhook-secret-done"
      warning="This is the only time the secret is shown. Store it where the receiver can read it now."
      onClose={onClose}
    >
      <Text>
        Deliveries to <Code wordBreak="break-all">{url}</Code> are signed with it; the receiver checks each signature with it.
      </Text>
      {note && <Text color="fg.muted">{note}</Text>}
      <Flex gap="2" align="center">
        <Input
          readOnly
          value={secret}
          fontFamily="mono"
          aria-label="Signing secret"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="webhook-secret"
        />
        <CopyButton text={secret} what="signing secret" testId="webhook-secret-copy" />
      </Flex>
    </ShownOnceDialog>
  );
}
