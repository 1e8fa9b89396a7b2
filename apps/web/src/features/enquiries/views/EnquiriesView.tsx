import { Box, Button, Dialog, HStack, Link, Portal, Skeleton, Stack, Tabs, Text, CloseButton } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { DataTable, type DataTableColumn } from '@/components/DataTable';
import { PageHeader } from '@/components/PageHeader';
import {
  EnquiryListDocument,
  useEnquiryApproveMutation,
  useEnquiryListQuery,
  useEnquiryQuery,
  useEnquiryRejectMutation,
  type EnquiryFieldsFragment,
} from '@/generated/graphql';
import { formatDate, formatDateTime } from '@/lib/dates';
import { dropListPages } from '@/lib/listCache';
import { menuEntryName } from '@/lib/menu';
import { throwIfRefused } from '@/lib/payloadErrors';
import { describeRequestError } from '@/lib/requestErrors';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { EnquiryDetails } from '@/features/enquiries/components/EnquiryDetails';
import { RejectEnquiryForm } from '@/features/enquiries/components/RejectEnquiryForm';
import { enquiryList, type EnquiryView } from '@/features/enquiries/enquiryList';
import { enquiriesPath, enquiryPath, isRecordId } from '@/features/enquiries/urls';

type Row = EnquiryFieldsFragment;

const adminName = (row: Row) => `${row.adminFirstName} ${row.adminLastName}`.trim();

/**
 * The list's filters as the address has them now. The list writes them without telling the router
 * (shallow updates), so they are read from the address itself, when a link is drawn and followed.
 */
const listSearch = () => window.location.search;

function columnsFor(view: EnquiryView, openEnquiry: (id: string) => void): DataTableColumn<Row>[] {
  const columns: DataTableColumn<Row>[] = [
    {
      id: 'company',
      header: 'Company',
      accessorFn: (row) => row.companyName,
      cell: ({ row }) => (
        // The public typed this name: it is shown as text, never as markup. The enquiry has its own
        // address, which keeps the list's filters, so it opens in a new tab too.
        <Link asChild color="brand.fg" fontWeight="medium" textAlign="start" data-testid="enquiry-open">
          <RouterLink
            to={enquiryPath(row.original.id, listSearch())}
            onClick={(event) => {
              // A new tab or window follows the href; here the filters are read as they are at the click.
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              openEnquiry(row.original.id);
            }}
          >
            {row.original.companyName}
          </RouterLink>
        </Link>
      ),
    },
    {
      id: 'kind',
      header: 'Kind',
      accessorFn: (row) => (row.kind === 'RENEWAL' ? 'Renewal request' : 'Sign-up'),
    },
    { id: 'admin', header: 'Administrator', accessorFn: adminName },
    { id: 'email', header: 'Admin email', accessorFn: (row) => row.adminEmail },
    {
      id: 'plan',
      header: 'Product and plan',
      accessorFn: (row) => [row.licence.productName, row.licence.planName].filter(Boolean).join(' · '),
    },
    {
      id: 'received',
      header: 'Received',
      accessorFn: (row) => row.receivedAt,
      cell: ({ row }) => formatDateTime(row.original.receivedAt),
      meta: { csv: (row) => formatDateTime(row.receivedAt) },
      sortDescFirst: true,
    },
  ];
  if (view === 'REJECTED') {
    columns.push(
      {
        id: 'decided',
        header: 'Rejected',
        accessorFn: (row) => row.decidedAt,
        cell: ({ row }) => formatDateTime(row.original.decidedAt),
        meta: { csv: (row) => formatDateTime(row.decidedAt) },
        sortDescFirst: true,
      },
      { id: 'reason', header: 'Reason', accessorFn: (row) => row.decisionNote ?? '' },
    );
  }
  return columns;
}

/** Enquiry/Signup Forms: companies waiting for the provider's decision, and those turned down. */
export default function EnquiriesView() {
  const list = useListState(enquiryList);
  const view: EnquiryView = list.filter.status ?? 'PENDING';
  const variables = useMemo(() => ({ ...list.variables, filter: { status: view } }), [list.variables, view]);
  const { table } = useListQuery(useEnquiryListQuery, EnquiryListDocument, { ...list, variables }, (answer) => answer.enquiries);

  // The enquiry shown is the one of the address, whether opened from the list or loaded directly.
  const { enquiryId } = useParams();
  const navigate = useNavigate();
  const wellFormed = isRecordId(enquiryId);
  const shown = useEnquiryQuery({ variables: { id: enquiryId ?? '' }, skip: !wellFormed });
  const open = wellFormed ? (shown.data?.enquiry ?? null) : null;
  const [rejecting, setRejecting] = useState(false);
  const [confirmingApproval, setConfirmingApproval] = useState(false);
  const refresh = {
    update: (cache: Parameters<typeof dropListPages>[0]) => (
      dropListPages(cache, 'enquiries'),
      dropListPages(cache, 'organizations'),
      dropListPages(cache, 'licences')
    ),
  };
  const [approveEnquiry] = useEnquiryApproveMutation(refresh);
  const [rejectEnquiry] = useEnquiryRejectMutation(refresh);

  // Closing the dialog forgets the enquiry it showed: nothing of it stays in a form or in state.
  // Back to the list with the filters it had.
  const close = () => {
    setRejecting(false);
    setConfirmingApproval(false);
    void navigate(`${enquiriesPath}${listSearch()}`);
  };

  const approve = async (row: Row) => {
    const result = await approveEnquiry({ variables: { input: { enquiryId: row.id } } });
    throwIfRefused(result.data?.approveEnquiry);
    toaster.success({
      title: row.kind === 'RENEWAL' ? `Licence of ${row.companyName} renewed` : `${row.companyName} approved`,
      description:
        row.kind === 'RENEWAL'
          ? `The ${row.licence.productName ?? ''} licence runs one more ${row.licence.frequency === 'YEARLY' ? 'year' : 'month'}.`
          : `The organization exists now, and ${row.adminEmail} was invited to choose a password.`,
      closable: true,
    });
    close();
  };

  const columns = useMemo(() => columnsFor(view, (id) => void navigate(enquiryPath(id, listSearch()))), [view, navigate]);
  const title = menuEntryName(enquiriesPath);

  return (
    <>
      <PageHeader title={title} />
      <Tabs.Root
        value={view}
        onValueChange={(details) => list.setFilter('status', details.value === 'REJECTED' ? 'REJECTED' : null)}
        variant="line"
        colorPalette="brand"
        lazyMount
        unmountOnExit
      >
        <Tabs.List mb="4">
          <Tabs.Trigger value="PENDING" data-testid="enquiries-pending-tab">
            Pending
          </Tabs.Trigger>
          <Tabs.Trigger value="REJECTED" data-testid="enquiries-rejected-tab">
            Rejected
          </Tabs.Trigger>
        </Tabs.List>
        {(['PENDING', 'REJECTED'] as const).map((tab) => (
          <Tabs.Content key={tab} value={tab} pt="0">
            <DataTable
              label={tab === 'PENDING' ? 'Pending enquiries' : 'Rejected enquiries'}
              columns={columns}
              {...table}
              getRowId={(row) => row.id}
              search={{ label: 'Search enquiries', placeholder: 'Company, administrator or contact' }}
              empty={
                tab === 'PENDING'
                  ? {
                      title: 'No enquiries waiting',
                      description: 'Sign-up forms sent by companies appear here until you approve or reject them.',
                    }
                  : { title: 'No rejected enquiries', description: 'Enquiries you reject are kept here with the reason you gave.' }
              }
              testId="enquiry-table"
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>

      <Dialog.Root
        open={enquiryId !== undefined}
        onOpenChange={(details) => !details.open && close()}
        size={{ base: 'full', md: 'xl' }}
        scrollBehavior="inside"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="enquiry-dialog">
              {!open && (
                <>
                  <Dialog.Header>
                    <Dialog.Title>{wellFormed && shown.loading ? 'Enquiry' : 'Enquiry not found'}</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body data-testid="enquiry-missing">
                    {wellFormed && shown.loading ? (
                      <Stack gap="3" role="status" aria-label="Loading the enquiry">
                        <Skeleton height="5" width="40%" />
                        <Skeleton height="32" />
                      </Stack>
                    ) : wellFormed && shown.error ? (
                      <FormAlert message={describeRequestError(shown.error)} testId="enquiry-error" />
                    ) : (
                      <Text data-testid="enquiry-not-found">
                        {wellFormed
                          ? `There is no enquiry with the id ${enquiryId}: check the address, or find the enquiry in the list.`
                          : 'This address does not name an enquiry: check it, or find the enquiry in the list.'}
                      </Text>
                    )}
                  </Dialog.Body>
                  <Dialog.CloseTrigger asChild>
                    <CloseButton size="sm" aria-label="Close" />
                  </Dialog.CloseTrigger>
                </>
              )}
              {open && (
                <>
                  <Dialog.Header>
                    <Dialog.Title>
                      <Text as="span" wordBreak="break-word">
                        {open.companyName}
                      </Text>
                    </Dialog.Title>
                  </Dialog.Header>
                  {/* The details scroll inside the dialog on small screens: keyboard users can scroll them too. */}
                  <Dialog.Body
                    tabIndex={0}
                    role="region"
                    aria-label="Enquiry details"
                    _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
                  >
                    <Stack gap="6">
                      <EnquiryDetails enquiry={open} />
                      {rejecting && (
                        <Box borderTopWidth="1px" pt="4">
                          <RejectEnquiryForm
                            enquiryId={open.id}
                            companyName={open.companyName}
                            onReject={async (values) =>
                              (
                                await rejectEnquiry({
                                  variables: { input: { enquiryId: String(values.enquiryId), reason: values.reason } },
                                })
                              ).data?.rejectEnquiry
                            }
                            onRejected={() => {
                              toaster.success({
                                title: `${open.companyName} rejected`,
                                description: `${open.adminEmail} was told by mail.`,
                                closable: true,
                              });
                              close();
                            }}
                            onCancel={() => setRejecting(false)}
                          />
                        </Box>
                      )}
                    </Stack>
                  </Dialog.Body>
                  {/* The close button above is the one way out: a second "Close" here would only repeat it. */}
                  {open.status === 'PENDING' && !rejecting && (
                    <Dialog.Footer>
                      <HStack gap="2" wrap="wrap" justify="flex-end">
                        <Button variant="outline" colorPalette="red" onClick={() => setRejecting(true)} data-testid="enquiry-reject">
                          Reject…
                        </Button>
                        <Button colorPalette="brand" onClick={() => setConfirmingApproval(true)} data-testid="enquiry-approve">
                          Approve…
                        </Button>
                      </HStack>
                    </Dialog.Footer>
                  )}
                  <Dialog.CloseTrigger asChild>
                    <CloseButton size="sm" aria-label="Close" />
                  </Dialog.CloseTrigger>
                </>
              )}
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>

      {open && (
        <ConfirmDialog
          open={confirmingApproval}
          title={open.kind === 'RENEWAL' ? 'Renew this licence?' : 'Approve this enquiry?'}
          confirmLabel={open.kind === 'RENEWAL' ? 'Approve and renew' : 'Approve and invite'}
          onConfirm={() => approve(open)}
          onClose={() => setConfirmingApproval(false)}
          testId="approve-confirm"
        >
          {open.kind === 'RENEWAL'
            ? `The ${open.licence.productName ?? ''} licence of ${open.companyName}, ending ${formatDate(open.renewalLicenceValidTill)}, runs one more ${open.licence.frequency === 'YEARLY' ? 'year' : 'month'} of its ${open.licence.planName ?? ''} plan.`
            : `${open.companyName} becomes an organization with a ${open.licence.planName ?? 'plan'} licence for ${open.licence.productName ?? 'its product'}, and ${open.adminEmail} is invited by mail to administer it.`}
        </ConfirmDialog>
      )}
    </>
  );
}
