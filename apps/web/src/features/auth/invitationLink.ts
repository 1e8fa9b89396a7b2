/** The invitation link's stand-ins for a name nobody has given yet (SPEC §2). */
export const FIRST_NAME_PLACEHOLDER = 'FN';
export const LAST_NAME_PLACEHOLDER = 'LN';

/** A name from the invitation link as the field shows it: its placeholder shows as empty. */
export function nameFromLink(value: string | undefined, placeholder: string): string {
  const name = value?.trim() ?? '';
  return name === placeholder ? '' : name;
}
