import { Box } from '@chakra-ui/react';

type Props = { html: string; title: string; testId?: string };

/**
 * A mail's HTML part as its recipient would see it, in a frame that runs nothing: `sandbox` with no
 * permissions, so no script, form or link in a mail can act on the console.
 */
export function MailFrame({ html, title, testId }: Props) {
  return (
    <Box borderWidth="1px" borderRadius="md" overflow="hidden" bg="white">
      <iframe title={title} srcDoc={html} sandbox="" style={{ width: '100%', height: '18rem', border: 0 }} data-testid={testId} />
    </Box>
  );
}
