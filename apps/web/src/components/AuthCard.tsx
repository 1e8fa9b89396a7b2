import { Card, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/pageTitle';
import { BrandMark } from './BrandMark';

type Props = {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** `wide` for long forms such as the sign-up enquiry. */
  size?: 'md' | 'wide';
  testId?: string;
};

/** The card every public screen sits in. */
export function AuthCard({ title, description, children, size = 'md', testId }: Props) {
  usePageTitle(title);
  return (
    <Card.Root width="full" maxW={size === 'wide' ? '4xl' : 'md'} variant="elevated" rounded="xl" boxShadow="md" data-testid={testId}>
      <Card.Header gap="5" pt="8" px={{ base: '6', sm: '8' }}>
        <BrandMark />
        {/* Plain elements where Chakra's would add nothing but styling work on every public page's first draw. */}
        <div style={{ display: 'flex', flexDirection: 'column', gap: 'var(--chakra-spacing-1)' }}>
          <Heading as="h1" size="2xl" letterSpacing="tight" overflowWrap="anywhere" data-testid="page-title">
            {title}
          </Heading>
          {description && <p style={{ color: 'var(--chakra-colors-fg-muted)' }}>{description}</p>}
        </div>
      </Card.Header>
      {children && (
        <Card.Body pb="8" px={{ base: '6', sm: '8' }}>
          {children}
        </Card.Body>
      )}
    </Card.Root>
  );
}
