import { Button, Toaster as ChakraToaster, Code, HStack, Portal, Spinner, Stack, Text, Toast } from '@chakra-ui/react';
import { useState, type RefObject } from 'react';
import { copyText } from '@/lib/clipboard';
import { toasterStore } from '@/lib/toasterStore';

/** The toasts themselves; loaded with the first one, as most visits never show any. */
export default function ToastRegion({ container }: { container: RefObject<HTMLElement | null> }) {
  return (
    <Portal container={container}>
      <ChakraToaster toaster={toasterStore} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
              {typeof toast.meta?.requestId === 'string' && <RequestId requestId={toast.meta.requestId} />}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}

/** A failed request's id, for the person to give support, who find the request in the logs by it. */
function RequestId({ requestId }: { requestId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <HStack gap="2" wrap="wrap" data-testid="toast-request-id">
      <Text textStyle="xs">
        Request ID <Code size="sm">{requestId}</Code>
      </Text>
      <Button size="2xs" variant="outline" onClick={() => void copyText(requestId).then(setCopied)}>
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </HStack>
  );
}
