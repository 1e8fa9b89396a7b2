import { Button, Field, Fieldset, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { LuEraser, LuSend } from 'react-icons/lu';
import { FormAlert } from '../../../components/FormAlert';
import { CheckedForm } from '../../../components/CheckedForm';
import { ENQUIRY_SECTIONS, type EnquiryErrors, type EnquiryField, type EnquiryValues, type Product } from '../enquiryForm';
import { SubscriptionFields } from './SubscriptionFields';

type Props = {
  values: EnquiryValues;
  errors: EnquiryErrors;
  formError: string | null;
  submitting: boolean;
  attempt: number;
  products: readonly Product[];
  productsLoading: boolean;
  productsError: string | null;
  onChange: (field: EnquiryField, value: string) => void;
  onSubmit: () => void;
  onClear: () => void;
  onRetryProducts: () => void;
};

/** signup-admin-email for adminEmail. */
export const fieldTestId = (field: EnquiryField) => `signup-${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The public sign-up enquiry (SPEC §3), in sections. */
export function EnquiryForm(props: Props) {
  const { values, errors, formError, submitting, attempt, onChange, onSubmit, onClear } = props;
  return (
    <CheckedForm label="Sign-up enquiry" testId="signup-form" attempt={attempt} onSubmit={onSubmit}>
      <Stack gap="8">
        {formError && <FormAlert message={formError} testId="signup-error" />}
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
                  <Field.Root
                    key={field.name}
                    invalid={Boolean(errors[field.name])}
                    required={field.required}
                    gridColumn={field.wide ? { md: 'span 2' } : undefined}
                  >
                    <Field.Label>
                      {field.label}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      name={field.name}
                      type={field.type ?? 'text'}
                      inputMode={field.inputMode}
                      autoComplete={field.autoComplete}
                      placeholder={field.placeholder}
                      value={values[field.name]}
                      onChange={(event) => onChange(field.name, event.target.value)}
                      data-testid={fieldTestId(field.name)}
                    />
                    <Field.ErrorText data-testid={`${fieldTestId(field.name)}-error`}>{errors[field.name]}</Field.ErrorText>
                  </Field.Root>
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
            <SubscriptionFields
              products={props.products}
              loading={props.productsLoading}
              loadError={props.productsError}
              productId={values.productId}
              planId={values.planId}
              errors={errors}
              onChange={onChange}
              onRetry={props.onRetryProducts}
            />
          </Fieldset.Content>
        </Fieldset.Root>
        <HStack justify="space-between" gap="3" wrap="wrap-reverse" borderTopWidth="1px" pt="6">
          <Button
            type="button"
            variant="outline"
            width={{ base: 'full', sm: 'auto' }}
            onClick={onClear}
            disabled={submitting}
            data-testid="signup-clear"
          >
            <LuEraser aria-hidden /> Clear form
          </Button>
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            width={{ base: 'full', sm: 'auto' }}
            loading={submitting}
            loadingText="Sending…"
            data-testid="signup-submit"
          >
            <LuSend aria-hidden /> Send enquiry
          </Button>
        </HStack>
      </Stack>
    </CheckedForm>
  );
}
