import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useState, type Ref } from 'react';
import { LuEye, LuEyeOff } from 'react-icons/lu';

type Props = Omit<InputProps, 'type'> & {
  ref?: Ref<HTMLInputElement>;
  /** What the toggle shows or hides, for screen readers when a page has several: "Show {revealLabel}". */
  revealLabel?: string;
};

/** A password field with a show/hide toggle; the toggle says what it will do. */
export function PasswordInput({ ref, revealLabel = 'password', ...props }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          aria-label={visible ? `Hide ${revealLabel}` : `Show ${revealLabel}`}
          aria-pressed={visible}
          variant="ghost"
          size="xs"
          me="-2"
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <LuEyeOff /> : <LuEye />}
        </IconButton>
      }
    >
      <Input ref={ref} type={visible ? 'text' : 'password'} {...props} />
    </InputGroup>
  );
}
