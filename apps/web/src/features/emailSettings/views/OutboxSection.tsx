import { Badge, Button, Dialog, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { FilterSelect, DataTable, type DataTableColumn } from '@/components/DataTable';
import { DialogFrame } from '@/components/DialogFrame';
import { FormAlert } from '@/components/FormAlert';
import {
  OutboxDocument,
  useOutboxMailContentQuery,
  useOutboxQuery,
  useOutboxRetryMutation,
  type MailStatus,
  type OutboxMailFieldsFragment,
} from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { MAIL_STATUS_LABELS } from '@/lib/labels';
import { toastFailure, toastIfRefused } from '@/lib/payloadErrors';
import { describeRequestError } from '@/lib/requestErrors';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { MailFrame } from '@/features/emailSettings/components/MailFrame';
import { MAIL_STATUSES, outboxList } from '@/features/emailSettings/outboxList';

type Mail = OutboxMailFieldsFragment;

const STATUS: Record<MailStatus, { label: string; palette: string }> = {
  QUEUED: { label: MAIL_STATUS_LABELS.QUEUED, palette: 'blue' },
  RETRYING: { label: MAIL_STATUS_LABELS.RETRYING, palette: 'orange' },
  SENT: { label: MAIL_STATUS_LABELS.SENT, palette: 'green' },
  FAILED: { label: MAIL_STATUS_LABELS.FAILED, palette: 'red' },
  KEPT: { label: MAIL_STATUS_LABELS.KEPT, palette: 'gray' },
};

/** What became of a mail, in words: its status and, while it is retried or once given up, when and why. */
function statusText(mail: Mail): string {
  const label = STATUS[mail.status].label;
  if (mail.status === 'RETRYING' && mail.nextAttemptAt)
    return `${label} (attempt ${mail.attempts + 1}, next at ${formatDateTime(mail.nextAttemptAt)})${mail.error ? `: ${mail.error}` : ''}`;
  if (mail.status === 'FAILED' && mail.error) return `${label} after ${mail.attempts} attempts: ${mail.error}`;
  return label;
}

/** Its status badge, with the next try of a mail being retried and the reason of a mail given up beneath. */
function MailStatusCell({ mail }: { mail: Mail }) {
  return (
    <Stack gap="0.5" align="start" maxW="18rem">
      <Badge variant="subtle" colorPalette={STATUS[mail.status].palette}>
        {STATUS[mail.status].label}
      </Badge>
      {mail.status === 'RETRYING' && mail.nextAttemptAt && (
        <Text fontSize="xs" color="fg.muted" data-testid="outbox-next-attempt">
          Attempt {mail.attempts + 1} at {formatDateTime(mail.nextAttemptAt)}
        </Text>
      )}
      {(mail.status === 'RETRYING' || mail.status === 'FAILED') && mail.error && (
        <Text
          fontSize="xs"
          color={mail.status === 'FAILED' ? 'fg.error' : 'fg.muted'}
          lineClamp={2}
          title={mail.error}
          data-testid="outbox-error"
        >
          {mail.error}
        </Text>
      )}
    </Stack>
  );
}

/** Sends a given-up mail again; the row shows it retrying. */
function RetryButton({ mail }: { mail: Mail }) {
  const [retry, { loading }] = useOutboxRetryMutation();
  async function onRetry() {
    try {
      const answer = (await retry({ variables: { id: mail.id } })).data?.retryOutboxMail;
      if (toastIfRefused(answer, 'The mail was not sent again'))
        toaster.success({ title: 'Mail queued again', description: `${mail.subject} to ${mail.to} is being sent.` });
    } catch (failure) {
      toastFailure('The mail was not sent again', failure);
    }
  }
  return (
    <Button
      size="sm"
      variant="outline"
      loading={loading}
      onClick={onRetry}
      aria-label={`Retry ${mail.subject} to ${mail.to}`}
      data-testid="outbox-retry"
    >
      Retry
    </Button>
  );
}

/**
 * One mail as it was written: its subject, whose it is, what became of it, and its HTML part with
 * the token of each link hidden, asked for each time it is opened (every reading is audited).
 */
function MailDialog({ mail, onClose }: { mail: Mail; onClose: () => void }) {
  const { data, error, loading } = useOutboxMailContentQuery({ variables: { id: mail.id }, fetchPolicy: 'network-only' });
  const content = data?.outboxMailContent;
  return (
    <DialogFrame
      title={mail.subject}
      testId="outbox-mail"
      onClose={onClose}
      footer={
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Dialog.ActionTrigger>
      }
    >
      <Stack gap="3">
        <Text fontSize="sm">
          To {mail.to}
          {mail.organizationName ? `, from ${mail.organizationName}` : ''}, written {formatDateTime(mail.createdAt)}
        </Text>
        {(mail.status === 'RETRYING' || mail.status === 'FAILED') && (
          <Text fontSize="sm" color={mail.status === 'FAILED' ? 'fg.error' : undefined}>
            {statusText(mail)}
          </Text>
        )}
        {error && <FormAlert message={describeRequestError(error)} testId="outbox-mail-error" />}
        {loading && <Skeleton height="18rem" borderRadius="md" />}
        {content && <MailFrame html={content.html} title={`The mail ${mail.subject}`} testId="outbox-mail-frame" />}
        <Text fontSize="xs" color="fg.muted">
          Links that let someone choose a password are hidden (••••••), so nobody can sign in as the person from here. To give them a
          working link, send the invitation again or ask them to reset their password.
        </Text>
        <Text fontSize="xs" color="fg.muted">
          Reading a mail is recorded in the audit log.
        </Text>
      </Stack>
    </DialogFrame>
  );
}

/**
 * The provider's outbox: every mail the service wrote, whether a server took it, was refused, or it
 * is kept here because no server is set; open one to read it as sent, its links' tokens hidden.
 */
export function OutboxSection() {
  const list = useListState(outboxList);
  const { table } = useListQuery(useOutboxQuery, OutboxDocument, list, (answer) => answer.outbox);
  const [open, setOpen] = useState<Mail | null>(null);

  const columns = useMemo<DataTableColumn<Mail>[]>(
    () => [
      {
        id: 'created',
        header: 'Written',
        accessorFn: (mail) => mail.createdAt,
        meta: { csv: (mail) => mail.createdAt },
        cell: ({ row: { original: mail } }) => <Text whiteSpace="nowrap">{formatDateTime(mail.createdAt)}</Text>,
      },
      { id: 'to', header: 'To', accessorKey: 'to', enableSorting: false },
      {
        id: 'subject',
        header: 'Subject',
        enableSorting: false,
        accessorKey: 'subject',
        cell: ({ row: { original: mail } }) => (
          <Button
            variant="plain"
            size="sm"
            height="auto"
            p="0"
            color="fg.info"
            textDecoration="underline"
            whiteSpace="nowrap"
            textAlign="start"
            onClick={() => setOpen(mail)}
            data-testid="outbox-open"
          >
            {mail.subject}
          </Button>
        ),
      },
      {
        id: 'organization',
        header: 'From',
        enableSorting: false,
        accessorFn: (mail) => mail.organizationName ?? 'The provider',
      },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        meta: { csv: statusText },
        cell: ({ row: { original: mail } }) => <MailStatusCell mail={mail} />,
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        meta: { csv: false },
        cell: ({ row: { original: mail } }) => (mail.status === 'FAILED' ? <RetryButton mail={mail} /> : null),
      },
    ],
    [],
  );

  return (
    <>
      <Text color="fg.muted" maxW="prose" mb="4">
        Every mail the console has written. A mail the server does not take is tried again, later each time, for a day; then it is marked
        failed with the server’s reason, and Retry sends it again. Without a mail server, mail stays here. Open one to read it as it was
        sent, with password and invitation links hidden; sending the invitation again or a new password reset gives the person a fresh link.
      </Text>
      <DataTable
        label="Outbox"
        testId="outbox-table"
        columns={columns}
        {...table}
        getRowId={(mail) => mail.id}
        getRowLabel={(mail) => mail.subject}
        search={{ label: 'Search the outbox', placeholder: 'Recipient or subject' }}
        filters={
          <FilterSelect
            label="Status"
            value={list.filter.status ?? ''}
            options={[['', 'Every mail'], ...MAIL_STATUSES.map((status) => [status, STATUS[status].label] as const)]}
            onChange={(status) => list.setFilter('status', status || null)}
            testId="outbox-status-filter"
          />
        }
        empty={{
          title: 'No mail yet',
          description: 'Invitations, password resets and enquiry answers appear here as the console writes them.',
        }}
      />
      {open && <MailDialog mail={open} onClose={() => setOpen(null)} />}
    </>
  );
}
