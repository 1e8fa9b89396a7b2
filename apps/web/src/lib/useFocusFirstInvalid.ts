import { useEffect, type RefObject } from 'react';

/** After each rejected submit (`attempt` bumped), moves focus to the first field marked invalid. */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>, attempt: number) {
  useEffect(() => {
    if (attempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, attempt]);
}
