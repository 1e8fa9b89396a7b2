/** An expected failure from a mutation payload (`errors { code field message }`). */
export type UserErrorLike = { code: string; field: string | null; message: string };

export type FormOutcome<Field extends string> = {
  fieldErrors: Partial<Record<Field, string>>;
  formError: string | null;
};

// The gateway names input fields as the GraphQL input does ("adminEmail"), sometimes with a path ("input.adminEmail").
const lastSegment = (field: string) => field.slice(field.lastIndexOf('.') + 1);

/**
 * Puts each payload error under the form field it names, or above the form when the form has no
 * such field (captcha, token, …). The first message of each place wins.
 */
export function splitUserErrors<Field extends string>(
  errors: readonly UserErrorLike[],
  fields: readonly Field[],
  messageFor: (error: UserErrorLike) => string = (error) => error.message,
): FormOutcome<Field> {
  const outcome: FormOutcome<Field> = { fieldErrors: {}, formError: null };
  for (const error of errors) {
    const name = error.field ? lastSegment(error.field) : null;
    const field = fields.find((candidate) => candidate === name);
    if (field) outcome.fieldErrors[field] ??= messageFor(error);
    else outcome.formError ??= messageFor(error);
  }
  return outcome;
}

export function hasErrors(errors: Partial<Record<string, string>>): boolean {
  return Object.values(errors).some(Boolean);
}
