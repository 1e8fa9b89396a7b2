import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import type { RefObject } from 'react';
import { toasterStore } from '@/lib/toasterStore';

/** The toasts themselves; loaded with the first one, as most visits never show any. */
export default function ToastRegion({ container }: { container: RefObject<HTMLElement | null> }) {
  return (
    <Portal container={container}>
      {/* Each toast keeps an invisible strip above it (the gap to the next toast, for hover); it
          must not take the clicks meant for what lies under it, a menu opened over the corner. */}
      <ChakraToaster toaster={toasterStore} insetInline={{ mdDown: '4' }} css={{ '& [data-ghost="after"]': { pointerEvents: 'none' } }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {typeof toast.meta?.requestId === 'string' && (
              <Toast.ActionTrigger onClick={() => void copyRequestId(toast.meta!.requestId as string)}>Copy request ID</Toast.ActionTrigger>
            )}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}

async function copyRequestId(requestId: string) {
  const copied = await navigator.clipboard.writeText(requestId).then(
    () => true,
    () => false,
  );
  toasterStore.create(
    copied
      ? { type: 'success', title: 'Request ID copied', description: requestId }
      : { type: 'error', title: 'Could not copy the request ID', description: requestId, closable: true },
  );
}
