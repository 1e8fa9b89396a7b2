import { Box, HStack, Text } from '@chakra-ui/react';

/** The product's mark and name; `compact` shows only the mark on small screens (the name stays for screen readers). */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  return (
    <HStack gap="2.5">
      <Box
        aria-hidden
        display="grid"
        placeItems="center"
        boxSize="8"
        rounded="lg"
        bg="brand.solid"
        color="brand.contrast"
        fontWeight="bold"
        fontSize="md"
      >
        Y
      </Box>
      <Text
        as="span"
        fontWeight="semibold"
        fontSize="lg"
        letterSpacing="tight"
        color="fg"
        whiteSpace="nowrap"
        srOnly={compact ? { base: true, sm: false } : undefined}
      >
        Yozy Admin
      </Text>
    </HStack>
  );
}
