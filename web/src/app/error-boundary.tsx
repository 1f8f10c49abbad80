import { t } from '@lingui/core/macro';
import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from '../platform/errors/log.ts';

const RECOVERY_KEY = 'dentalflow:chunk-recovery';

/** A lazily loaded part failed to download, usually because a new version replaced it. */
export function isDynamicImportFailure(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk/i.test(
    message,
  );
}

interface State {
  error: unknown;
  phase: 'normal' | 'errored' | 'recovering';
}

/**
 * Both boundaries speak through the global i18n (`t` at render): the app-level one sits outside the
 * i18n provider, and a page's error screen is drawn once, in the language shown when it failed.
 */

/** Page-level: 'Something went wrong' with Refresh Page and Try Again, or a recovery reload for stale chunks. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, phase: 'normal' };

  static getDerivedStateFromError(error: unknown): State {
    return { error, phase: isDynamicImportFailure(error) ? 'recovering' : 'errored' };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logError('Uncaught error', error, info?.componentStack ?? '');
    if (this.state.phase === 'recovering' || isDynamicImportFailure(error)) {
      // Reload once to fetch the new version's files; a second failure shows the error screen.
      if (sessionStorage.getItem(RECOVERY_KEY)) {
        sessionStorage.removeItem(RECOVERY_KEY);
        this.setState({ phase: 'errored' });
        return;
      }
      sessionStorage.setItem(RECOVERY_KEY, '1');
      window.setTimeout(() => window.location.reload(), 1500);
    }
  }

  override render() {
    if (this.state.phase === 'recovering') {
      return (
        <Center py="xl">
          <Stack align="center" gap="sm" ta="center" maw={420}>
            <Loader />
            <Title order={2} size="h3">
              {t`Attempting to recover`}
            </Title>
            <Text>{t`We are trying to reload the necessary components. Please wait a moment.`}</Text>
          </Stack>
        </Center>
      );
    }
    if (this.state.phase === 'errored') {
      return (
        <Center py="xl">
          <Paper withBorder p="xl" radius="md" maw={520}>
            <Stack gap="sm">
              <Title order={2} size="h3">
                {t`Something went wrong`}
              </Title>
              <Text>
                {t`We encountered an unexpected error. Please try refreshing the page or contact support if the problem persists.`}
              </Text>
              <Group>
                <Button onClick={() => window.location.reload()}>{t`Refresh Page`}</Button>
                <Button variant="default" onClick={() => this.setState({ error: null, phase: 'normal' })}>
                  {t`Try Again`}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Center>
      );
    }
    return this.props.children;
  }
}

/** Last line of defence around the whole app; plain markup so it renders even if the theme failed. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logError('Uncaught error', error, info?.componentStack ?? '');
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const message =
      this.state.error instanceof Error && this.state.error.message ? this.state.error.message : t`Unknown error`;
    return (
      <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 560, margin: '4rem auto', padding: '0 1.5rem' }}>
        <h1>{t`Something went wrong`}</h1>
        <p>{t`The application encountered an unexpected error. Please refresh the page to continue.`}</p>
        <pre
          style={{
            whiteSpace: 'pre-wrap',
            background: '#f1f3f5',
            color: '#212529',
            padding: '0.75rem',
            borderRadius: 6,
          }}
        >
          {message}
        </pre>
        <button
          type="button"
          onClick={() => window.location.reload()}
          style={{ padding: '0.5rem 1rem', fontSize: '1rem' }}
        >
          {t`Refresh Page`}
        </button>
      </main>
    );
  }
}
