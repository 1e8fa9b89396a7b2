import { Button, Card, DataList, Heading, HStack, Icon, Link, Stack, Text } from '@chakra-ui/react';
import { LuExternalLink, LuLogOut, LuShieldAlert } from 'react-icons/lu';
import { BrandMark } from '@/components/BrandMark';

type Props = { email: string; organizationName: string; productUrl: string | null; signingOut: boolean; onSignOut: () => void };

/** DESIGN §3: an ordinary member signed in; the console is not for them. */
export function AdminsOnlyNotice({ email, organizationName, productUrl, signingOut, onSignOut }: Props) {
  return (
    <Card.Root width="full" maxW="lg" rounded="xl" boxShadow="md" data-testid="admins-only">
      <Card.Body gap="6" p={{ base: '6', sm: '8' }}>
        <BrandMark />
        <Stack gap="2">
          <Icon as={LuShieldAlert} boxSize="8" color="orange.500" aria-hidden />
          <Heading as="h1" size="xl" letterSpacing="tight" data-testid="page-title">
            This console is for administrators
          </Heading>
          <Text color="fg.muted">
            You are signed in, but your account is not an administrator account. Ask your organization's administrator if you need access,
            or sign out and use another account.
          </Text>
        </Stack>
        <DataList.Root orientation="horizontal" size="md">
          <DataList.Item>
            <DataList.ItemLabel>Email</DataList.ItemLabel>
            <DataList.ItemValue>{email}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Organization</DataList.ItemLabel>
            <DataList.ItemValue>{organizationName}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <HStack gap="3" wrap="wrap">
          {productUrl && (
            <Button asChild colorPalette="brand">
              <Link href={productUrl} _hover={{ textDecoration: 'none' }} data-testid="admins-only-product">
                Open your Yozy product <LuExternalLink aria-hidden />
              </Link>
            </Button>
          )}
          <Button
            variant={productUrl ? 'outline' : 'solid'}
            colorPalette="brand"
            loading={signingOut}
            onClick={onSignOut}
            data-testid="admins-only-sign-out"
          >
            <LuLogOut aria-hidden /> Sign out
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
