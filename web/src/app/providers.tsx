import { REQUESTS, STALE_TIMES_MS } from '@dental/domain/constants';
import { t } from '@lingui/core/macro';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { ApiError } from '../platform/api/api.ts';
import { AuthProvider } from '../platform/auth/auth-context.tsx';
import { i18n } from '../platform/i18n/i18n.ts';
import { LanguageProvider } from '../platform/i18n/language-provider.tsx';
import { PreferencesSync } from '../platform/offline/preferences-sync.tsx';
import { createAppTheme } from '../platform/theme/theme.ts';
import { themePreferenceManager } from '../platform/theme/theme-preference.ts';
import { useRootThemeClass } from '../platform/theme/use-theme.ts';
import { ToastRegion } from '../platform/toasts/toast-region.tsx';

/** Spec 9: one retry except 429 (60 s later), exponential from 1 s capped at 30 s, no refetch on focus. */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIMES_MS.default,
        gcTime: REQUESTS.gcTimeMs,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)
            return false;
          return failureCount < REQUESTS.queryRetries;
        },
        retryDelay: (attempt, error) =>
          error instanceof ApiError && error.status === 429
            ? REQUESTS.rateLimitedRetryDelayMs
            : Math.min(REQUESTS.retryBaseDelayMs * 2 ** attempt, REQUESTS.retryMaxDelayMs),
      },
      mutations: {
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < REQUESTS.mutationRetries,
        retryDelay: REQUESTS.mutationRetryDelayMs,
      },
    },
  });
}

const queryClient = createQueryClient();
const colorSchemeManager = themePreferenceManager();

function ThemeClassSync() {
  useRootThemeClass();
  return null;
}

const subscribeLocale = (listener: () => void) => i18n.on('change', listener);
const currentLocale = () => i18n.locale;

export function Providers({ children }: { children: ReactNode }) {
  // Mantine sits outside the i18n provider: its words follow the language through Lingui's change event.
  const locale = useSyncExternalStore(subscribeLocale, currentLocale, currentLocale);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme's words change with the language.
  const theme = useMemo(
    () =>
      createAppTheme({
        close: t`Close`,
        previousPage: t`Previous page`,
        nextPage: t`Next page`,
        firstPage: t`First page`,
        lastPage: t`Last page`,
      }),
    [locale],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the region's name changes with the language.
  const toastLabel = useMemo(() => t`Notifications`, [locale]);
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      <ThemeClassSync />
      <ToastRegion label={toastLabel} />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <PreferencesSync />
          <LanguageProvider>{children}</LanguageProvider>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
