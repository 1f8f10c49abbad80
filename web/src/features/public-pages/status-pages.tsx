import { Trans } from '@lingui/react/macro';
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { Failure } from './api.ts';
import { PhoneLink, PublicLayout } from './layout.tsx';

/** A whole-page message: its heading takes the focus, so a screen reader reads the news first. */
function Message({ title, children }: { title: React.ReactNode; children?: React.ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <PublicLayout>
      <Stack gap="md" py="xl">
        <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
        {children}
      </Stack>
    </PublicLayout>
  );
}

export function LoadingPage() {
  return (
    <PublicLayout>
      <Stack align="center" gap="sm" py="xl" role="status">
        <Loader aria-hidden />
        <Text>
          <Trans>Loading…</Trans>
        </Text>
      </Stack>
    </PublicLayout>
  );
}

export function NotValidPage() {
  return (
    <Message title={<Trans>This link is not valid</Trans>}>
      <Text>
        <Trans>
          Please check that you opened the whole link from your message. The practice can send you a new one.
        </Trans>
      </Text>
    </Message>
  );
}

export function GonePage({ phone }: { phone: string | null }) {
  return (
    <Message title={<Trans>This link has expired or has already been used</Trans>}>
      <Text>
        <Trans>If you still need to, contact the practice for a new link.</Trans>
      </Text>
      {phone && (
        <Text>
          <Trans>
            Call the practice: <PhoneLink phone={phone} />
          </Trans>
        </Text>
      )}
    </Message>
  );
}

export function TooManyAttemptsPage() {
  return (
    <Message title={<Trans>Too many attempts</Trans>}>
      <Text>
        <Trans>Too many attempts, try again in a few minutes.</Trans>
      </Text>
    </Message>
  );
}

export function NetworkPage({ onRetry }: { onRetry: () => void }) {
  return (
    <Message title={<Trans>We could not reach the practice</Trans>}>
      <Text>
        <Trans>Check your internet connection, then try again.</Trans>
      </Text>
      <Button size="lg" onClick={onRetry} style={{ alignSelf: 'flex-start' }}>
        <Trans>Try again</Trans>
      </Button>
    </Message>
  );
}

/** The page for a failure that ends the page; only what the link's state allows, never patient data. */
export function FailurePage({ failure, onRetry }: { failure: Failure; onRetry: () => void }) {
  switch (failure.kind) {
    case 'not-found':
      return <NotValidPage />;
    case 'gone':
      return <GonePage phone={failure.phone} />;
    case 'rate-limited':
      return <TooManyAttemptsPage />;
    default:
      return <NetworkPage onRetry={onRetry} />;
  }
}
