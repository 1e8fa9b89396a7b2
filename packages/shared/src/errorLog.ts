/**
 * An error as a few log lines that hold no personal data: its name, code and message, the query
 * it names, where it was thrown, and the same for its causes. The properties libraries hang on
 * errors (a database driver's parameters and failing row, a body parser's request body, a fetch's
 * response) are never printed, which printing the error object itself would do.
 */
export function describeError(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    const prefix = depth ? 'caused by ' : '';
    if (typeof current !== 'object') {
      // A thrown string is usually a message; any other value says nothing worth the risk.
      lines.push(`${prefix}${typeof current === 'string' ? redactMessage(current) : `a ${typeof current} was thrown`}`);
      break;
    }
    const { name, message, code, query, path, stack, cause, extensions } = current as Record<string, unknown>;
    const codeText = typeof code === 'string' || typeof code === 'number' ? code : codeOf(extensions);
    const text = typeof message === 'string' ? redactMessage(message) : '(no message)';
    lines.push(`${prefix}${typeof name === 'string' ? name : 'Error'}${codeText ? ` [${codeText}]` : ''}: ${text}`);
    if (typeof query === 'string') lines.push(`  query: ${query}`);
    if (Array.isArray(path) && path.every((part) => typeof part === 'string' || typeof part === 'number')) {
      lines.push(`  path: ${path.join('.')}`);
    }
    if (typeof stack === 'string') lines.push(...stack.split('\n').filter((line) => /^\s+at /.test(line)));
    current = cause;
  }
  return lines.join('\n');
}

function codeOf(extensions: unknown): string | undefined {
  const code = (extensions as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A message with what commonly carries personal data taken out: email addresses, the query
 * strings of addresses, and the input a JSON parser quotes when it fails.
 */
export function redactMessage(message: string): string {
  return message
    .replace(/"[\s\S]*(?:"|\.\.\.) is not valid JSON$/, '"…" is not valid JSON')
    .replace(/\b(https?:\/\/[^\s?#"'<>]*)\?[^\s#"'<>]*/g, '$1?…')
    .replace(/[^\s@<>"'(),;:[\]]+@[^\s@<>"'(),;:[\]]+\.[A-Za-z]{2,}/g, '<email>');
}

/** Logs `context: ` and the error's safe description on stderr. */
export function logError(context: string, error: unknown): void {
  console.error(`${context}: ${describeError(error)}`);
}
