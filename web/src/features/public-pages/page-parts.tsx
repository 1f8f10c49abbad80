import { Trans } from '@lingui/react/macro';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import type { Failure } from './api.ts';
import type { PublicAddress } from './route.ts';

/** What each page is given: its link, what the server answered, and where a failure that ends it goes. */
export interface PageProps<T> {
  address: PublicAddress;
  page: T;
  onEnd: (failure: Failure) => void;
}

/** The browser tab's name, for the patient switching between their mail and the page. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The heading of a page or of a new state of it; `focus` moves a screen reader to the news. */
export function PageTitle({ children, focus = false }: { children: ReactNode; focus?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}

/** A page's heading and its greeting. */
export function PageHeader({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <PageTitle>{title}</PageTitle>
      <Text>{children}</Text>
    </Stack>
  );
}

/** A finished answer: the thanks, and what happens next. */
export function Done({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="md" data-testid="done">
      <PageTitle focus>{title}</PageTitle>
      {children}
    </Stack>
  );
}

/** A write that did not go through and may be tried again. */
export function SendFailure({ failure }: { failure: Failure | null }) {
  if (!failure) return null;
  return (
    <Alert color="red" role="alert" data-testid="send-failure">
      {failure.kind === 'invalid' ? (
        <Text size="sm">
          <Trans>Some answers were not accepted. Please check them and try again.</Trans>
        </Text>
      ) : failure.kind === 'conflict' ? (
        <Text size="sm">{failure.message ?? <Trans>That time was just taken. Please choose another one.</Trans>}</Text>
      ) : (
        <Text size="sm">
          <Trans>We could not reach the practice. Check your connection and try again.</Trans>
        </Text>
      )}
    </Alert>
  );
}
