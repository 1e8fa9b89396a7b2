import { Button, Fieldset, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import type { enquiryInput } from '@yozy/shared';
import { LuEraser, LuSend } from 'react-icons/lu';
import { FormField } from '@/components/FormField';
import { SelectControl, type SelectOption } from '@/components/SelectControl';
import { choicesWith, namedOptions, useStandardOptions } from '@/lib/closedLists';
import { MutationForm } from '@/components/MutationForm';
import type { MutationForm as Kit } from '@/lib/useMutationForm';
import { ENQUIRY_SECTIONS, type EnquiryField, type ListField, type Product } from '@/features/signup/enquiryForm';
import { SubscriptionFields } from './SubscriptionFields';

type Props = {
  kit: Kit<typeof enquiryInput>;
  products: readonly Product[];
  productsLoading: boolean;
  productsError: string | null;
  onRetryProducts: () => void;
  /** The provider's business verticals and client types on offer (empty while they load). */
  choices: { businessVerticals: readonly string[]; clientTypes: readonly string[] };
};

const SEARCH: Partial<Record<ListField, { label: string }>> = {
  countryCode: { label: 'Search countries' },
  currencyCode: { label: 'Search currencies' },
};

/** signup-admin-email for adminEmail. */
export const fieldTestId = (field: EnquiryField) => `signup-${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The public sign-up enquiry (SPEC §3), in sections. */
export function EnquiryForm({ kit, products, productsLoading, productsError, onRetryProducts, choices }: Props) {
  // The standard lists load with the form, never with the page's first download.
  const standard = useStandardOptions();
  const waiting: SelectOption[] = [['', standard.failed ? 'The list could not load' : 'Loading the list…']];
  const options: Record<ListField, SelectOption[]> = {
    countryCode: standard.options ? choicesWith(standard.options.countries, null, 'Choose the country') : waiting,
    currencyCode: standard.options ? choicesWith(standard.options.currencies, null, 'Choose the currency') : waiting,
    clientType: choicesWith(namedOptions(choices.clientTypes), null, 'Choose the client type'),
    businessVertical: choicesWith(namedOptions(choices.businessVerticals), null, 'Choose the business vertical'),
  };
  return (
    <MutationForm kit={kit} label="Sign-up enquiry" testId="signup-form" alertTestId="signup-error" gap="8" focusOnArrival>
      {ENQUIRY_SECTIONS.map((section) => (
        <Fieldset.Root key={section.title}>
          <Stack gap="1">
            <Fieldset.Legend fontSize="md" fontWeight="semibold">
              {section.title}
            </Fieldset.Legend>
            <Fieldset.HelperText>{section.description}</Fieldset.HelperText>
          </Stack>
          <Fieldset.Content>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {section.fields.map((field) => (
                <FormField
                  key={field.name}
                  name={field.name}
                  label={field.label}
                  required={field.required}
                  testId={fieldTestId(field.name)}
                  gridColumn={field.wide ? { md: 'span 2' } : undefined}
                >
                  {(control) =>
                    field.list ? (
                      <SelectControl {...control} options={options[field.list]} search={SEARCH[field.list]} />
                    ) : (
                      <Input
                        type={field.type ?? 'text'}
                        inputMode={field.inputMode}
                        autoComplete={field.autoComplete}
                        placeholder={field.placeholder}
                        {...control}
                      />
                    )
                  }
                </FormField>
              ))}
            </SimpleGrid>
          </Fieldset.Content>
        </Fieldset.Root>
      ))}
      <Fieldset.Root>
        <Stack gap="1">
          <Fieldset.Legend fontSize="md" fontWeight="semibold">
            Subscription
          </Fieldset.Legend>
          <Fieldset.HelperText>The product and plan you would like.</Fieldset.HelperText>
        </Stack>
        <Fieldset.Content>
          <SubscriptionFields products={products} loading={productsLoading} loadError={productsError} onRetry={onRetryProducts} />
        </Fieldset.Content>
      </Fieldset.Root>
      <HStack justify="space-between" gap="3" wrap="wrap-reverse" borderTopWidth="1px" pt="6">
        {/* SPEC §4: the form-clear action empties every field. */}
        <Button
          type="button"
          variant="outline"
          width={{ base: 'full', sm: 'auto' }}
          onClick={kit.clear}
          disabled={kit.submitting}
          data-testid="signup-clear"
        >
          <LuEraser aria-hidden /> Clear form
        </Button>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          width={{ base: 'full', sm: 'auto' }}
          loading={kit.submitting}
          loadingText="Sending…"
          data-testid="signup-submit"
        >
          <LuSend aria-hidden /> Send enquiry
        </Button>
      </HStack>
    </MutationForm>
  );
}
