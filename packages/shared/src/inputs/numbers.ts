import { z } from 'zod';

/**
 * Numbers as people type them, in their own way of writing one: `19.50` and `19,50` are both
 * nineteen and a half, `1,950.00`, `1.950,00`, `1 950,00` and `1'950.00` all one thousand nine
 * hundred and fifty. A reading never changes the size of what was meant: where a mark could either
 * separate the decimals or group thousands (`1,950` is 1950 in one country and 1.95 in another),
 * the number is refused with a message that shows both readings, never guessed.
 */

/** Why typed text is not a number the field takes. */
export type TypedNumberProblem =
  | { kind: 'notANumber' }
  | { kind: 'tooManyDecimals' }
  /** One mark with three digits after it: `grouped` reads it as thousands, `decimal` as decimals. */
  | { kind: 'ambiguous'; grouped: string; decimal: string };

export type TypedNumberReading = { value: number } | { problem: TypedNumberProblem };

// Spaces (the no-break ones too) and apostrophes only ever group digits.
const GROUPING = "\\s\\u00A0\\u202F'’";
const NUMBER_CHARACTERS = new RegExp(`^[0-9.,${GROUPING}]+$`);

/**
 * Digits grouped by thousands (`1,950,000`) or, as in India, by lakhs and crores (`19,50,000`):
 * the digits without their separators, or null when the groups are not of either shape.
 */
function ungroup(whole: string, separators: RegExp): string | null {
  const [first = '', ...rest] = whole.split(separators);
  if (rest.length === 0) return /^\d*$/.test(first) ? first : null;
  const thousands = rest.every((group) => /^\d{3}$/.test(group));
  const lakhs = /^\d{3}$/.test(rest.at(-1)!) && rest.slice(0, -1).every((group) => /^\d{2}$/.test(group));
  return /^\d{1,3}$/.test(first) && (thousands || lakhs) ? first + rest.join('') : null;
}

/**
 * Reads a number typed with at most `decimals` digits after its decimal mark. The decimal mark is
 * the last of `.` and `,` when both are written, and the one mark written once otherwise (a mark
 * written more than once groups digits). A lone mark followed by exactly three digits is ambiguous,
 * unless what comes before it cannot be a group of thousands (`0,125`, `1950,125`, `1 950,125`).
 */
export function readTypedNumber(typed: string, decimals: number): TypedNumberReading {
  const notANumber = { problem: { kind: 'notANumber' } } as const;
  const text = typed.trim();
  if (!NUMBER_CHARACTERS.test(text) || !/\d/.test(text)) return notANumber;

  const marks = text.replace(/[^.,]/g, '');
  const bothMarks = marks.includes('.') && marks.includes(',');
  const decimalMark = bothMarks || marks.length === 1 ? marks.at(-1)! : null;
  const at = decimalMark === null ? -1 : text.lastIndexOf(decimalMark);
  const whole = at === -1 ? text : text.slice(0, at);
  const fraction = at === -1 ? '' : text.slice(at + 1);
  if (at !== -1 && !/^\d+$/.test(fraction)) return notANumber;

  const groupMarks = decimalMark === '.' ? ',' : decimalMark === ',' ? '.' : '.,';
  const digits = ungroup(whole, new RegExp(`[${GROUPING}${groupMarks}]`));
  if (digits === null || (digits === '' && fraction === '')) return notANumber;

  if (marks.length === 1 && fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole)) {
    const shortened = fraction.replace(/0+$/, '');
    return {
      problem: { kind: 'ambiguous', grouped: `${whole}${fraction}`, decimal: shortened ? `${whole}${decimalMark}${shortened}` : whole },
    };
  }
  if (fraction.length > decimals) return { problem: { kind: 'tooManyDecimals' } };
  return { value: Number(`${digits || '0'}.${fraction || '0'}`) };
}

/** What a field says when a typed number could be read two ways. */
export const ambiguousNumberMessage = (typed: string, problem: { grouped: string; decimal: string }) =>
  `“${typed.trim()}” could be ${problem.grouped} or ${problem.decimal}: type ${problem.grouped} or ${problem.decimal}`;

export const tooManyDecimalsMessage = (decimals: number) => `Use at most ${decimals} ${decimals === 1 ? 'decimal' : 'decimals'}`;

type NumberRule = {
  /** The field's own message: what it takes, said when the value is no such number. */
  message: string;
  /** Digits it keeps after the decimal mark: 0 for a whole number, 2 for money. */
  decimals: number;
  min: number;
  max: number;
};

/**
 * A number field, typed (any of the ways above) or sent as a JSON number; blank means "not given"
 * (null). A JSON number of money is rounded to its cents (floating point has no exact 19.99); a typed
 * one with more decimals than the field keeps is refused rather than rounded.
 */
export function optionalNumber({ message, decimals, min, max }: NumberRule) {
  return z
    .union([z.number({ error: message }), z.string({ error: message })], { error: message })
    .nullish()
    .transform((value, ctx): number | null => {
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
      const refuse = (text: string) => {
        ctx.addIssue({ code: 'custom', message: text });
        return z.NEVER;
      };
      let number: number;
      if (typeof value === 'number') {
        if (!Number.isFinite(value) || (decimals === 0 && !Number.isInteger(value))) return refuse(message);
        number = Math.round(value * 10 ** decimals) / 10 ** decimals;
      } else {
        const reading = readTypedNumber(value, decimals);
        if ('problem' in reading) {
          const { problem } = reading;
          if (problem.kind === 'ambiguous') return refuse(ambiguousNumberMessage(value, problem));
          if (problem.kind === 'tooManyDecimals' && decimals > 0) return refuse(tooManyDecimalsMessage(decimals));
          return refuse(message);
        }
        number = reading.value;
      }
      return number < min || number > max ? refuse(message) : number;
    });
}

/** A number field that must be filled in: blank is refused with the field's message. */
export function requiredNumber(rule: NumberRule) {
  return optionalNumber(rule).refine((value) => value !== null, rule.message) as unknown as z.ZodType<number, number | string>;
}
