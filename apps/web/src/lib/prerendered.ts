import type { SystemContext } from '@chakra-ui/react';
import type { SerializedStyles } from '@emotion/react';
import type { FieldValues, Path, PathValue, UseFormSetValue } from 'react-hook-form';

/**
 * A public page can arrive as ready HTML, drawn at build time (vite-plugins/prerenderPages.ts):
 * its form is on screen, and can be typed in, before any script has run. It sits in
 * `#prerendered` beside the app's `#root`, which index.html keeps hidden while it is there. When
 * the app draws the same form, the form takes over what the person typed, ticked and where they
 * were, and the ready page goes, in one frame: nothing flashes and nothing typed is lost.
 */
export const PRERENDERED_ID = 'prerendered';

const prerenderedPage = (): HTMLElement | null => document.getElementById(PRERENDERED_ID);

/**
 * The app's form `form` (whose react-hook-form values `setValue` sets) takes over the ready page's form of the same
 * name, if there is one: its values, and the focus with the caret. Call it in a layout effect,
 * before the browser paints the app's form. Answers whether it took over.
 */
export function adoptPrerenderedForm<Values extends FieldValues>(form: HTMLFormElement, setValue: UseFormSetValue<Values>): boolean {
  const page = prerenderedPage();
  const label = form.getAttribute('aria-label');
  const ready =
    page && label ? [...page.querySelectorAll('form')].find((candidate) => candidate.getAttribute('aria-label') === label) : undefined;
  if (!page || !ready) return false;
  const active = document.activeElement;
  let focus: { name: string; start: number | null; end: number | null } | null = null;
  for (const element of ready.elements) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || !element.name) continue;
    const name = element.name as Path<Values>;
    if (element instanceof HTMLInputElement && element.type === 'checkbox') {
      if (element.checked !== element.defaultChecked)
        setValue(name, element.checked as PathValue<Values, Path<Values>>, { shouldDirty: true });
    } else if (element.value !== element.defaultValue) {
      setValue(name, element.value as PathValue<Values, Path<Values>>, { shouldDirty: true });
    }
    if (element === active) {
      // The caret of a field that has one: a checkbox's selection is null.
      focus = { name: element.name, start: element.selectionStart, end: element.selectionEnd };
    }
  }
  page.remove();
  if (focus) {
    const target = form.elements.namedItem(focus.name);
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
      target.focus();
      if (focus.start !== null && focus.end !== null) target.setSelectionRange(focus.start, focus.end);
    }
  }
  return true;
}

/** Whether the page opened as ready HTML that the app has not taken over yet. */
export const hasPrerenderedPage = (): boolean => prerenderedPage() !== null;

/**
 * The app shows something other than the ready page's form (the person is signed in already, or
 * the console cannot be reached): the ready page goes, so the app's own screen shows.
 */
export function dropPrerenderedPage(): void {
  prerenderedPage()?.remove();
}

/**
 * Marks the ready page's style element that holds the theme's global styles (Chakra's reset, the
 * global CSS and every token's CSS variable, some 50 kB), with emotion's name for them as its
 * value: app/prerender.tsx sets it at build time.
 */
export const THEME_STYLES_ATTRIBUTE = 'data-theme-styles';

/**
 * The theme system to draw with: `system` itself, or, on a page that arrived as ready HTML, the
 * same system with the theme's global styles the build drew into the page. Chakra's provider
 * would otherwise rebuild those styles as text and hash them (a long, wasted step of the app's
 * first render) only for emotion to find them on the page already and keep its element as it is.
 */
export function withPrerenderedThemeStyles(system: SystemContext): SystemContext {
  const element = document.querySelector(`style[${THEME_STYLES_ATTRIBUTE}]`);
  if (!element) return system;
  // The provider hands `_global` to emotion's <Global>, which takes serialized styles as they are
  // and adopts the page's element of the same name instead of writing the styles again.
  const drawn: SerializedStyles = { name: element.getAttribute(THEME_STYLES_ATTRIBUTE)!, styles: element.textContent! };
  return { ...system, _global: drawn as unknown as SystemContext['_global'] };
}
