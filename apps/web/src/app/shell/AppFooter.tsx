import { Box, Text } from '@chakra-ui/react';
import { COPYRIGHT_YEARS } from '@yozy/shared';

/** `plain` drops the band for full-page layouts, where the page background shows through. */
export function AppFooter({ plain = false }: { plain?: boolean }) {
  return (
    <Box
      as="footer"
      py="4"
      px="6"
      textAlign="center"
      borderTopWidth={plain ? undefined : '1px'}
      bg={plain ? undefined : 'bg'}
      data-testid="app-footer"
    >
      <Text fontSize="sm" color="fg.muted">
        © {COPYRIGHT_YEARS} Yozy Technologies. All rights reserved.
      </Text>
    </Box>
  );
}
