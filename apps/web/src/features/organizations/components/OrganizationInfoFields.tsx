import { Checkbox, Fieldset, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { OrganizationInput } from '@yozy/shared';
import { useController } from 'react-hook-form';
import { FormField } from '@/components/FormField';
import { SelectControl, type SelectOption } from '@/components/SelectControl';
import { choicesWith, namedOptions, useStandardOptions } from '@/lib/closedLists';

export type RegionOption = { code: string; name: string; retired?: boolean };

/** The fields chosen from a list. */
type ListField = 'countryCode' | 'currencyCode' | 'clientType' | 'businessVertical';

/** The provider's lists, by name. */
export type OrganizationChoices = { businessVerticals: readonly string[]; clientTypes: readonly string[] };

/** The record's values of the list fields as saved, shown even when a list lacks them. */
export type SavedChoices = Partial<Record<ListField, string | null>>;

type TextField = {
  name: Exclude<keyof OrganizationInput, 'defaultRegions' | 'country'>;
  list?: ListField;
  label: string;
  required?: boolean;
  help?: string;
  wide?: boolean;
};

/** The organisation's details in the order of its record: who it is, where, whom to talk to, and its business. */
const FIELDS: TextField[] = [
  { name: 'companyName', label: 'Company name', required: true, wide: true },
  { name: 'addressLine1', label: 'Address line 1', wide: true },
  { name: 'addressLine2', label: 'Address line 2', wide: true },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'countryCode', label: 'Country', list: 'countryCode' },
  { name: 'pincode', label: 'Pincode' },
  { name: 'contactName', label: 'Contact name' },
  { name: 'designation', label: 'Designation' },
  { name: 'currencyCode', label: 'Currency', required: true, list: 'currencyCode' },
  { name: 'clientType', label: 'Client type', list: 'clientType', help: 'The provider keeps this list in Platform Settings' },
  { name: 'natureOfBusiness', label: 'Nature of business' },
  {
    name: 'businessVertical',
    label: 'Business vertical',
    list: 'businessVertical',
    help: 'The provider keeps this list in Platform Settings',
  },
  { name: 'revenueUsd', label: 'Revenue (USD)', help: 'Yearly, in US dollars' },
];

function RegionPicker({ regions }: { regions: readonly RegionOption[] }) {
  const { field, fieldState } = useController<OrganizationInput, 'defaultRegions'>({ name: 'defaultRegions' });
  const chosen = new Set(field.value);
  const toggle = (code: string, on: boolean) => field.onChange(on ? [...chosen, code] : [...chosen].filter((c) => c !== code));
  return (
    <Fieldset.Root invalid={Boolean(fieldState.error)} data-testid="organization-regions">
      <Fieldset.Legend fontWeight="medium" fontSize="sm">
        Default regions
      </Fieldset.Legend>
      <Fieldset.HelperText>Where the organization’s data and services live unless it says otherwise.</Fieldset.HelperText>
      {regions.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No region is offered yet. Add regions in Platform Settings.
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="2" mt="2">
          {regions.map((region) => (
            <Checkbox.Root
              key={region.code}
              colorPalette="brand"
              checked={chosen.has(region.code)}
              onCheckedChange={(details) => toggle(region.code, details.checked === true)}
              onBlur={field.onBlur}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {region.name}{' '}
                <Text as="span" color="fg.muted">
                  ({region.code}
                  {region.retired ? ', retired' : ''})
                </Text>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      )}
      {fieldState.error && <Fieldset.ErrorText data-testid="organization-regions-error">{fieldState.error.message}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

/** Every field of an organisation's record, for the provider to correct. */
export function OrganizationInfoFields({
  regions,
  choices,
  saved,
}: {
  regions: readonly RegionOption[];
  choices: OrganizationChoices;
  saved: SavedChoices;
}) {
  const standard = useStandardOptions();
  const loadingOption = (saved: string | null | undefined): SelectOption[] =>
    saved
      ? [[saved, standard.failed ? saved : `${saved} (loading the list…)`]]
      : [['', standard.failed ? 'The list could not load' : 'Loading the list…']];
  const listOptions: Record<ListField, () => SelectOption[]> = {
    countryCode: () =>
      standard.options ? choicesWith(standard.options.countries, saved.countryCode, 'No country') : loadingOption(saved.countryCode),
    currencyCode: () =>
      standard.options
        ? choicesWith(standard.options.currencies, saved.currencyCode, 'Choose the currency')
        : loadingOption(saved.currencyCode),
    clientType: () => choicesWith(namedOptions(choices.clientTypes), saved.clientType, 'No client type'),
    businessVertical: () => choicesWith(namedOptions(choices.businessVerticals), saved.businessVertical, 'No business vertical'),
  };
  const searchOf: Partial<Record<ListField, { label: string }>> = {
    countryCode: { label: 'Search countries' },
    currencyCode: { label: 'Search currencies' },
  };
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {FIELDS.map(({ name, label, required, help, wide, list }) => (
          <FormField
            key={name}
            name={name}
            label={label}
            required={required}
            help={help}
            testId={`organization-${name}`}
            gridColumn={wide ? { md: 'span 2' } : undefined}
          >
            {(control) =>
              list ? (
                <SelectControl {...control} options={listOptions[list]()} search={searchOf[list]} />
              ) : (
                <Input {...control} autoComplete="off" inputMode={name === 'revenueUsd' ? 'decimal' : undefined} />
              )
            }
          </FormField>
        ))}
      </SimpleGrid>
      <RegionPicker regions={regions} />
    </Stack>
  );
}
