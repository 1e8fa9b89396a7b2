import { createToaster } from '@chakra-ui/react';
import { ALERT_FADE_MS } from '@yozy/shared';

/** The toasts being shown; alerts fade after ALERT_FADE_MS (SPEC §9). Loaded with the first toast. */
export const toasterStore = createToaster({
  placement: 'bottom-end',
  duration: ALERT_FADE_MS,
  pauseOnPageIdle: true,
});
