import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldPath, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ErrorCode, UserErrorFieldsFragment } from '@/generated/graphql';
import { onFirstFormInteraction } from './formInteraction';
import type { MutationPayload } from './payloadErrors';
import { loadChunk } from './loadChunk';
import { describeRequestError, errorMessage, isErrorCode, UNEXPECTED_MESSAGE } from './requestErrors';
import { useCaptcha } from './useCaptcha';

/** Why a form sent nothing when the code that checks it could not be loaded (see loadChunk). */
export const FORM_CODE_MISSING_MESSAGE =
  'Nothing was sent: part of the console could not be loaded. What you typed is still here: send it again, or reload the page.';

/** The type of the form's root error when the code that checks it could not be loaded. */
const CODE_MISSING = 'chunk';

/** The message above the form, with the code of the error it came from (null for a failed request). */
export type FormError = {
  message: string;
  code: ErrorCode | null;
  /** Part of the console's code could not be loaded: the alert offers to reload the page. */
  reload?: boolean;
};

/** A call that did not succeed: what the form showed first, and every error of the payload. */
export type CallFailure = FormError & { errors: readonly UserErrorFieldsFragment[] };

type Options<Schema extends z.ZodObject, Payload extends MutationPayload, NeedsCaptcha extends boolean> = {
  /**
   * The input's rules: the shared schema when the server checks the same input, loaded when the
   * person starts on the form (`() => import('@yozy/shared/inputs').then((inputs) => inputs.signInInput)`),
   * so zod and the rules stay off the first screen.
   */
  schema: () => Promise<Schema>;
  /** Every field of the form, with the value it starts with. */
  defaultValues: DefaultValues<z.input<Schema>>;
  /** The operation needs a solved captcha: one is taken for each submit and handed to `call`. */
  captcha?: NeedsCaptcha;
  /** Calls the mutation with the checked values and answers its payload. */
  call: (values: z.output<Schema>, captcha: NeedsCaptcha extends true ? string : undefined) => Promise<Payload | null | undefined>;
  onSuccess: (payload: Payload, values: z.output<Schema>) => void;
  /** After a call that failed (payload errors or a failed request), e.g. for a toast. */
  onFailure?: (failure: CallFailure) => void;
};

export type MutationForm<Schema extends z.ZodObject = z.ZodObject> = {
  form: UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>;
  /** Covers solving the captcha as well as the request itself. */
  submitting: boolean;
  formError: FormError | null;
  onSubmit: (event?: FormEvent) => void;
  /** Empties the form (back to its default values) and every message. */
  clear: () => void;
  /** Starts solving the next captcha, e.g. before the form is shown again. */
  prepareCaptcha: () => void;
  /** Ids of the form element and of its alert, which take focus after a failure. */
  formId: string;
  alertId: string;
};

/** The input field a payload error names ("adminEmail" or "input.adminEmail"), if the form has it. */
function inputField<Values extends object>(fields: Values, field: string | null): FieldPath<Values> | null {
  if (!field) return null;
  const name = field.slice(field.lastIndexOf('.') + 1);
  return Object.hasOwn(fields, name) ? (name as FieldPath<Values>) : null;
}

/**
 * A resolver that loads the schema and zod's resolver on first use. Loading starts on the first
 * interaction with a form, so the check on submit rarely waits for it.
 */
function useLazyZodResolver<Schema extends z.ZodObject>(loadSchema: () => Promise<Schema>) {
  const loaded = useRef<Promise<Resolver<z.input<Schema>, unknown, z.output<Schema>>> | null>(null);
  const load = useCallback(() => {
    loaded.current ??= loadChunk(() => Promise.all([loadSchema(), import('@hookform/resolvers/zod')])).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>,
      (error: unknown) => {
        // The next submit tries again.
        loaded.current = null;
        throw error;
      },
    );
    return loaded.current;
  }, [loadSchema]);
  useEffect(() => onFirstFormInteraction(() => void load().catch(() => undefined)), [load]);
  return useCallback<Resolver<z.input<Schema>, unknown, z.output<Schema>>>(
    async (values, context, options) => {
      let resolve: Resolver<z.input<Schema>, unknown, z.output<Schema>>;
      try {
        resolve = await load();
      } catch {
        // The form stays on screen with what was typed; the alert above it says why nothing was sent.
        // (`root` is every form's; TypeScript cannot see that for a generic schema.)
        const errors = { root: { type: CODE_MISSING, message: FORM_CODE_MISSING_MESSAGE } } as FieldErrors<z.input<Schema>>;
        return { values: {}, errors };
      }
      return resolve(values, context, options);
    },
    [load],
  );
}

/**
 * A form that calls a mutation. The schema is checked before any call; a call gets a fresh captcha
 * answer when the operation needs one; payload errors go under the fields they name (by the
 * GraphQL input's field names) and the rest, or a failed request, into one alert above the form;
 * focus then moves to the first field to fix, or to the alert. What was typed is never lost.
 * An edit takes away that field's message; the form is judged again on the next submit.
 */
export function useMutationForm<Schema extends z.ZodObject, Payload extends MutationPayload, NeedsCaptcha extends boolean = false>(
  options: Options<Schema, Payload, NeedsCaptcha>,
): MutationForm<Schema> {
  const resolver = useLazyZodResolver(options.schema);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver,
    defaultValues: options.defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // Focus follows the page order, including fields the server refused (see below).
    shouldFocusError: false,
  });
  const { clearErrors, getFieldState, handleSubmit, reset, setError, subscribe } = form;
  const captcha = useCaptcha(options.captcha === true);
  const busy = useRef(false);
  const id = useId();
  const formId = `${id}-form`;
  const alertId = `${id}-alert`;

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          // `name` is the path of a field that changed, so one of the form's own.
          const field = name as FieldPath<z.input<Schema>> | undefined;
          if (type === 'change' && field && getFieldState(field).error) clearErrors(field);
        },
      }),
    [subscribe, getFieldState, clearErrors],
  );

  // Once a failed submit's messages are on the page: react-hook-form publishes the submit count
  // with the errors of the schema and after every error the call added.
  const { submitCount, isSubmitSuccessful } = form.formState;
  useEffect(() => {
    if (submitCount === 0 || isSubmitSuccessful) return;
    const firstInvalid = document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (firstInvalid ?? document.getElementById(alertId))?.focus();
  }, [submitCount, isSubmitSuccessful, formId, alertId]);

  const failed = (failure: CallFailure | null) => {
    captcha.prepare();
    if (failure) options.onFailure?.(failure);
  };

  const showAlert = (error: FormError) => setError('root', { type: error.code ?? 'request', message: error.message });

  const submitValid = async (values: z.output<Schema>) => {
    let payload: Payload | null | undefined;
    try {
      const answer = options.captcha ? await captcha.take() : undefined;
      payload = await options.call(values, answer as NeedsCaptcha extends true ? string : undefined);
    } catch (error) {
      const message = describeRequestError(error);
      showAlert({ message, code: null });
      return failed({ message, code: null, errors: [] });
    }
    if (payload && payload.errors.length === 0) return options.onSuccess(payload, values);

    const errors = payload?.errors ?? [];
    let alert: FormError | null = errors.length === 0 ? { message: UNEXPECTED_MESSAGE, code: null } : null;
    for (const error of errors) {
      const field = inputField(options.defaultValues as z.input<Schema>, error.field);
      if (!field) alert ??= { message: errorMessage(error), code: error.code };
      else if (!getFieldState(field).error) setError(field, { type: error.code, message: errorMessage(error) });
    }
    if (alert) showAlert(alert);
    const first = alert ?? { message: errorMessage(errors[0]!), code: errors[0]!.code };
    failed({ ...first, errors });
  };

  // The form's handlers see this render's options; the kit itself stays the same object while
  // what it shows (busy, the alert) is the same, so a screen can keep its form from drawing again
  // when only the form's own state changes (e.g. react-hook-form's update once it is mounted).
  const latest = useRef({ submitValid, failed });
  useLayoutEffect(() => {
    latest.current = { submitValid, failed };
  });
  const onSubmit = useCallback(
    (event?: FormEvent) => {
      event?.preventDefault();
      if (busy.current) return;
      busy.current = true;
      void handleSubmit(
        (values) => latest.current.submitValid(values),
        () => latest.current.failed(null),
      )(event).finally(() => {
        busy.current = false;
      });
    },
    [handleSubmit],
  );
  const clear = useCallback(() => reset(), [reset]);

  const rootError = form.formState.errors.root;
  const code = isErrorCode(rootError?.type) ? rootError.type : null;
  const message = rootError?.message;
  const reload = rootError?.type === CODE_MISSING;
  const submitting = form.formState.isSubmitting;
  return useMemo(
    () => ({
      form,
      submitting,
      formError: message ? { message, code, reload } : null,
      onSubmit,
      clear,
      prepareCaptcha: captcha.prepare,
      formId,
      alertId,
    }),
    [form, submitting, message, code, reload, onSubmit, clear, captcha.prepare, formId, alertId],
  );
}
