import type { PublicPractice } from '@dental/domain/public/public-api';
import { Trans } from '@lingui/react/macro';
import { Anchor, Container, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The practice's phone as a link a phone can dial. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} fw={600} style={{ whiteSpace: 'nowrap' }}>
      {phone}
    </Anchor>
  );
}

/**
 * The frame of every patient page: the practice's name, the page, and how to call the practice. No staff
 * shell, no navigation: the link is the whole journey.
 */
export function PublicLayout({ practice, children }: { practice?: PublicPractice | null; children: ReactNode }) {
  return (
    <Container size={600} px="md" py="lg" component="main">
      <Stack gap="lg">
        {practice && (
          <Text fw={700} c="var(--public-accent)" size="lg" data-testid="practice-name">
            {practice.name}
          </Text>
        )}
        {children}
        {practice?.phone && (
          <Text size="sm" c="dimmed" component="footer">
            <Trans>
              Questions? Call the practice at <PhoneLink phone={practice.phone} />.
            </Trans>
          </Text>
        )}
      </Stack>
    </Container>
  );
}
