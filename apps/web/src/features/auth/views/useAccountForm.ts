import { useState } from 'react';
import { errorsAfterEdit } from '../newPasswordForm';

/**
 * The state of a public account form: what is typed (kept across failed submits), the errors
 * under fields and above the form, and a count of rejected submits (focus goes to the first error).
 */
export function useAccountForm<Values extends Record<string, string>>(initial: Values) {
  type Field = keyof Values & string;
  type Errors = Partial<Record<Field, string>>;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => errorsAfterEdit<Field>(current, field));
  };

  const reject = (fieldErrors: Errors, message: string | null) => {
    setErrors(fieldErrors);
    setFormError(message);
    setAttempt((count) => count + 1);
  };

  return { values, errors, formError, attempt, change, reject, clearFormError: () => setFormError(null) };
}
