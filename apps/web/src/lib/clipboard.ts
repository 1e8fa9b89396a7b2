/** Copies text to the clipboard; a failure is only logged (SPEC §8), so the answer says whether it worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.error('console: could not copy to the clipboard', error);
    return false;
  }
}
