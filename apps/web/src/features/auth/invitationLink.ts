/** A name from the invitation link as the field shows it: its placeholder (a name nobody has given yet) shows as empty. */
export function nameFromLink(value: string | undefined, placeholder: string): string {
  const name = value?.trim() ?? '';
  return name === placeholder ? '' : name;
}
