import { Box, HStack } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';

type Props = { tabs: readonly { to: string; name: string }[] };

/** The master-tab strip: real links, so each tab has an address and works with the keyboard. */
export function OrganizationTabs({ tabs }: Props) {
  return (
    <Box as="nav" aria-label="Organization sections" borderBottomWidth="1px" mb="6" overflowX="auto">
      <HStack as="ul" gap="1" listStyleType="none" minW="max-content">
        {tabs.map((tab) => (
          <Box as="li" key={tab.to}>
            <Box
              asChild
              display="block"
              px="3"
              py="2.5"
              fontSize="sm"
              fontWeight="medium"
              color="fg.muted"
              borderBottomWidth="2px"
              borderColor="transparent"
              mb="-1px"
              _hover={{ color: 'fg' }}
              _currentPage={{ color: 'brand.fg', borderColor: 'brand.solid' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px', rounded: 'sm' }}
            >
              <NavLink to={tab.to}>{tab.name}</NavLink>
            </Box>
          </Box>
        ))}
      </HStack>
    </Box>
  );
}
