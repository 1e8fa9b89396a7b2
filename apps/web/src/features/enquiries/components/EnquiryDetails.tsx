import { DataList, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import type { EnquiryFieldsFragment } from '@/generated/graphql';
import { formatDate, formatDateTime } from '@/lib/dates';
import { ENQUIRY_STATUS_LABELS, frequencyLabel } from '@/lib/labels';
import { formatMoney, formatNumber } from '@/lib/numbers';

type Item = [label: string, value: string | number | null | undefined, testId?: string];

/** A value as the public typed it: always text (React escapes it), a dash when empty. */
const shown = (value: Item[1]) => (value === null || value === undefined || value === '' ? '—' : String(value));

function Section({ title, items }: { title: string; items: Item[] }) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm" color="fg.muted">
        {title}
      </Heading>
      <DataList.Root orientation="horizontal" size="sm" gap="1.5">
        {items.map(([label, value, testId]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minWidth="9rem">{label}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={testId} wordBreak="break-word">
              {shown(value)}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}

const money = (amount: number | null | undefined, currency: string | null | undefined) =>
  amount === null || amount === undefined ? null : formatMoney(amount, currency);

/** A licence as the console names it elsewhere: its product and plan, "Yozy Lite (Lite Team)". */
const licenceName = (product: string | null | undefined, plan: string | null | undefined) =>
  product && plan ? `${product} (${plan})` : (product ?? plan);

/** Every field of an enquiry and the licence it asks for, read-only. */
export function EnquiryDetails({ enquiry }: { enquiry: EnquiryFieldsFragment }) {
  const { licence } = enquiry;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" data-testid="enquiry-details">
      {/* A renewal request says first what it is about. */}
      {enquiry.kind === 'RENEWAL' && (
        <Section
          title="Renewal request"
          items={[
            ['Organization', enquiry.companyName, 'enquiry-renewal-organization'],
            ['Licence', licenceName(licence.productName, licence.planName), 'enquiry-renewal-licence'],
            ['Licence ends', formatDate(enquiry.renewalLicenceValidTill), 'enquiry-renewal-ends'],
            ['Requested by', `${enquiry.adminFirstName} ${enquiry.adminLastName}`.trim()],
          ]}
        />
      )}
      <Section
        title="Company"
        items={[
          ['Company name', enquiry.companyName, 'enquiry-company'],
          ['Address line 1', enquiry.addressLine1],
          ['Address line 2', enquiry.addressLine2],
          ['City', enquiry.city],
          ['State', enquiry.state],
          ['Country', enquiry.country],
          ['Country code', enquiry.countryCode],
          ['Pincode', enquiry.pincode],
          ['Currency', enquiry.currencyCode],
          ['Client type', enquiry.clientType],
          ['Nature of business', enquiry.natureOfBusiness],
          ['Business vertical', enquiry.businessVertical],
          ['Revenue (USD)', money(enquiry.revenueUsd, 'USD')],
        ]}
      />
      <Stack gap="6">
        <Section
          title="Administrator"
          items={[
            ['First name', enquiry.adminFirstName, 'enquiry-admin-first-name'],
            ['Last name', enquiry.adminLastName],
            ['Email', enquiry.adminEmail, 'enquiry-admin-email'],
            ['Phone', enquiry.adminPhone],
            ['Department', enquiry.adminDepartment],
          ]}
        />
        <Section
          title="Contact"
          items={[
            ['Name', enquiry.contactName],
            ['Designation', enquiry.contactDesignation],
            ['Email', enquiry.contactEmail],
            ['Phone', enquiry.contactPhone],
          ]}
        />
      </Stack>
      <Section
        title="Licence"
        items={[
          ['Product name', licence.productName, 'enquiry-product'],
          ['Domain', licence.domain],
          ['Plan name', licence.planName, 'enquiry-plan'],
          ['Cost', money(licence.cost, null)],
          ['Currency', licence.currency],
          ['Frequency', licence.frequency ? frequencyLabel(licence.frequency) : null],
          ['Plan capacity', licence.capacity === null || licence.capacity === undefined ? null : `${formatNumber(licence.capacity)} users`],
        ]}
      />
      <Section
        title="Decision"
        items={[
          ['Received', formatDateTime(enquiry.receivedAt)],
          ['Status', ENQUIRY_STATUS_LABELS[enquiry.status], 'enquiry-status'],
          ['Decided', formatDateTime(enquiry.decidedAt)],
          ['Reason', enquiry.decisionNote],
        ]}
      />
    </SimpleGrid>
  );
}
