import { Button, VisuallyHidden } from '@chakra-ui/react';
import { COPIED_INDICATOR_MS } from '@yozy/shared';
import { useEffect, useState } from 'react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { copyText } from '@/lib/clipboard';

type Props = { text: string; what?: string; testId?: string };

/** Copies `text`; says "Copied" for COPIED_INDICATOR_MS (SPEC §9). A failed copy is only logged. */
export function CopyButton({ text, what = 'password', testId = 'copy-password' }: Props) {
  // A new copy while "Copied" shows starts the indicator's time again.
  const [copiedAt, setCopiedAt] = useState<number | null>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = window.setTimeout(() => setCopiedAt(null), COPIED_INDICATOR_MS);
    return () => window.clearTimeout(timer);
  }, [copiedAt]);

  const copy = async () => {
    if (await copyText(text)) setCopiedAt(Date.now());
  };

  const copied = copiedAt !== null;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        minW="24"
        flexShrink={0}
        disabled={!text}
        aria-label={copied ? 'Copied' : `Copy ${what}`}
        onClick={() => void copy()}
        data-testid={testId}
      >
        {copied ? <LuCheck aria-hidden /> : <LuCopy aria-hidden />}
        {copied ? 'Copied' : 'Copy'}
      </Button>
      <VisuallyHidden role="status" aria-live="polite">
        {copied ? `The ${what} is copied to the clipboard` : ''}
      </VisuallyHidden>
    </>
  );
}
