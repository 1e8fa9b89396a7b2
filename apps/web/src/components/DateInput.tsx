import { Box, IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useRef, useState, type Ref } from 'react';
import { LuCalendar } from 'react-icons/lu';
import { useWatch } from 'react-hook-form';
import { DAY_PATTERN_HINT, dayProblem, formatDate, parseDay } from '@/lib/dates';
import type { FieldControl } from './FormField';

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

export type DateInputProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max'> & {
  /** The day (YYYY-MM-DD), or '' for none. */
  value: string;
  /** Called with the day typed or picked, or null when the field is emptied; never with text that is no day. */
  onValueChange: (day: string | null) => void;
  /** Typed text that is no day the field takes gets a problem when the field is left; a day clears it. */
  onProblemChange?: (problem: string | null) => void;
  /** Text that is no day, as typed: for a form that must refuse it rather than keep the last day. */
  onInvalidText?: (text: string) => void;
  /** The earliest and latest days it takes (YYYY-MM-DD). */
  min?: string;
  max?: string;
  /** What the calendar button says, e.g. "Choose the first day". */
  pickerLabel: string;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A day as the console writes one, DD-MM-YYYY: typed, or picked in the browser's calendar from the
 * button beside it. What it hands on is the day underneath (YYYY-MM-DD), whatever the browser's
 * own way of writing dates.
 */
export function DateInput({
  value,
  onValueChange,
  onProblemChange,
  onInvalidText,
  min,
  max,
  pickerLabel,
  inputRef,
  onBlur,
  ...inputProps
}: DateInputProps) {
  const [text, setText] = useState(() => formatDate(value));
  const [seen, setSeen] = useState(value);
  const picker = useRef<HTMLInputElement>(null);

  // A day set from outside (a preset, a plan's period, the address) shows as it is written here.
  if (value !== seen) {
    setSeen(value);
    if ((value === '' || isDay(value)) && value !== (parseDay(text) ?? '')) setText(formatDate(value));
  }

  function take(next: string) {
    setText(next);
    const problem = dayProblem(next, { min, max });
    if (problem) {
      onInvalidText?.(next);
      return;
    }
    onProblemChange?.(null);
    onValueChange(parseDay(next));
  }

  return (
    <Box position="relative" width={inputProps.width ?? 'full'}>
      <InputGroup
        endElement={
          <IconButton
            aria-label={pickerLabel}
            variant="ghost"
            size="xs"
            me="-2"
            onClick={() => {
              const input = picker.current;
              if (!input) return;
              input.value = parseDay(text) ?? '';
              if (typeof input.showPicker === 'function') input.showPicker();
              else input.focus();
            }}
          >
            <LuCalendar />
          </IconButton>
        }
      >
        <Input
          {...inputProps}
          ref={inputRef}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={DAY_PATTERN_HINT}
          value={text}
          onChange={(event) => take(event.target.value)}
          onBlur={(event) => {
            onProblemChange?.(dayProblem(text, { min, max }));
            onBlur?.(event);
          }}
        />
      </InputGroup>
      {/* The browser's calendar, opened by the button; out of sight and out of the tab order. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        min={min}
        max={max}
        onChange={(event) => event.target.value && take(formatDate(event.target.value))}
        style={{ position: 'absolute', insetInlineEnd: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
      />
    </Box>
  );
}

/**
 * The day control of a kit form field: `{(control) => <DateControl {...control} pickerLabel="…" />}`.
 * The form keeps the day (YYYY-MM-DD); text that is no day reaches the form as typed, so the
 * form's rule refuses it on the field instead of sending the last good day.
 */
export function DateControl({
  name,
  onChange,
  onBlur,
  ref,
  pickerLabel,
  min,
  max,
  ...rest
}: Omit<FieldControl, 'maxLength' | 'minLength' | 'pattern'> & { pickerLabel: string }) {
  const value = (useWatch({ name }) as string | null | undefined) ?? '';

  // The form holds the day, not the text shown: it gets a stand-in that focuses the text box (on
  // the first problem) and takes the day the form sets, where the text box would take the ISO text.
  const element = useRef<HTMLInputElement | null>(null);
  const standIn = useRef({ name, type: 'text', value: '', focus: () => element.current?.focus() });
  // The form reads a field's value from its element on events that come from one: these carry the value.
  const send = (next: string, type = 'change') => {
    standIn.current.value = next;
    void (type === 'blur' ? onBlur : onChange)({ target: { name, value: next }, type });
  };
  return (
    <DateInput
      {...rest}
      name={name}
      inputRef={(input) => {
        element.current = input;
        ref(input ? standIn.current : null);
      }}
      value={value}
      min={min === undefined ? undefined : String(min)}
      max={max === undefined ? undefined : String(max)}
      pickerLabel={pickerLabel}
      onValueChange={(day) => send(day ?? '')}
      onInvalidText={send}
      onBlur={() => send(value, 'blur')}
    />
  );
}
