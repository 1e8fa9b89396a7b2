import { createToaster } from '@chakra-ui/react';
import { ALERT_FADE_MS } from '@yozy/shared';

/** The console's one toaster; alerts fade after ALERT_FADE_MS (SPEC §9). */
export const toaster = createToaster({
  placement: 'bottom-end',
  duration: ALERT_FADE_MS,
  pauseOnPageIdle: true,
});
