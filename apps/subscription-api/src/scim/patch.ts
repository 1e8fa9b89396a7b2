import { scimPatch, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import { badRequest, ScimError, SCHEMA, type ScimType } from './protocol';

/** The most operations one PATCH may hold: more is `tooMany`. */
export const MAX_OPERATIONS = 1000;

const OPERATIONS = new Set(['add', 'replace', 'remove']);

/**
 * Applies a PatchOp request (RFC 7644 section 3.5.2) to a resource with `scim-patch`, after
 * reading it as Entra ID sends it too: operation names in any case ("Replace"), and booleans as
 * the strings "True" and "False". Answers the patched copy; the resource itself is not changed.
 */
export function applyPatch<T extends object>(resource: T, body: Record<string, unknown>): T {
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(SCHEMA.patchOp)) {
    throw badRequest('invalidSyntax', `A PATCH body names the schema ${SCHEMA.patchOp}`);
  }
  const operations = body.Operations ?? body.operations;
  if (!Array.isArray(operations) || operations.length === 0) throw badRequest('invalidSyntax', 'A PATCH body lists its Operations');
  if (operations.length > MAX_OPERATIONS) throw new ScimError(400, `A PATCH may hold at most ${MAX_OPERATIONS} operations`, 'tooMany');
  const normalised = operations.map((operation: unknown, index: number): ScimPatchOperation => {
    if (typeof operation !== 'object' || operation === null) throw badRequest('invalidSyntax', `Operation ${index + 1} is not an object`);
    const { op, path, value } = operation as { op?: unknown; path?: unknown; value?: unknown };
    const name = typeof op === 'string' ? op.toLowerCase() : '';
    if (!OPERATIONS.has(name)) throw badRequest('invalidSyntax', `Operation ${index + 1}: op must be add, replace or remove`);
    if (path !== undefined && typeof path !== 'string') throw badRequest('invalidPath', `Operation ${index + 1}: path must be text`);
    if (name !== 'remove' && value === undefined) throw badRequest('invalidValue', `Operation ${index + 1}: ${name} needs a value`);
    return {
      op: name as 'add',
      ...(path !== undefined ? { path: path as string } : {}),
      ...(value !== undefined ? { value: booleansOf(value, path as string | undefined) } : {}),
    } as ScimPatchOperation;
  });
  try {
    return scimPatch(structuredClone(resource) as unknown as ScimResource, normalised, { mutateDocument: true }) as unknown as T;
  } catch (error) {
    const code = (error as { scimCode?: string }).scimCode;
    const message = (error as Error).message || 'The patch could not be applied';
    const known: ScimType[] = ['invalidSyntax', 'invalidPath', 'noTarget', 'invalidValue', 'mutability'];
    if (code && (known as string[]).includes(code)) throw badRequest(code as ScimType, message);
    if (error instanceof Error && error.constructor.name !== 'Error' && error.constructor.name !== 'TypeError') {
      throw badRequest('invalidValue', message);
    }
    throw badRequest('invalidPath', `The patch could not be applied: ${message}`);
  }
}

/** Entra ID's "True"/"False" for the boolean attributes a patch may set (active, primary). */
function booleansOf(value: unknown, path: string | undefined): unknown {
  const isFlag = (name: string | undefined) => name !== undefined && /(^|[.:])(active|primary)$/i.test(name.trim());
  const flag = (v: unknown) => (typeof v === 'string' && /^(true|false)$/i.test(v) ? v.toLowerCase() === 'true' : v);
  if (isFlag(path)) return flag(value);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, isFlag(key) ? flag(item) : item]));
  }
  return value;
}
