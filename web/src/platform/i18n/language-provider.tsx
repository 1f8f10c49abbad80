import type { Language } from '@dental/domain/i18n/language';
import { t } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { DatesProvider } from '@mantine/dates';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useAuth } from '../auth/auth-context.tsx';
import { logError } from '../errors/log.ts';
import { toast } from '../toasts/toast.ts';
import { rememberDeviceLanguage } from './device-language.ts';
import { activateLanguage, activeLanguage, DAYJS_LOCALE, i18n } from './i18n.ts';
import { saveLanguagePreference, takePendingLanguage } from './language-preference.ts';

interface LanguageContextValue {
  language: Language;
  /** Shows the app in a language at once, keeps it on this device, and stores it with the user. */
  setLanguage(language: Language): Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/**
 * The language of everything shown. main.tsx activates the device's language before the first render,
 * so no screen flashes in the other one; a signed-in user's stored choice then wins, unless this device
 * changed it offline and has not told the server yet.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [language, setShown] = useState<Language>(activeLanguage);

  const show = useCallback(async (next: Language) => {
    await activateLanguage(next);
    rememberDeviceLanguage(next);
    setShown(next);
  }, []);

  const userId = user?.id;
  const userLanguage = user?.language ?? null;
  useEffect(() => {
    if (userId === undefined) return;
    const pending = takePendingLanguage(userId);
    if (pending) {
      void saveLanguagePreference(userId, pending);
      if (pending !== activeLanguage()) void show(pending);
      return;
    }
    if (userLanguage && userLanguage !== activeLanguage()) void show(userLanguage);
  }, [userId, userLanguage, show]);

  const setLanguage = useCallback(
    async (next: Language) => {
      try {
        await show(next);
      } catch (error) {
        // The other language's texts come in files of their own; one that cannot be read (offline before the
        // service worker kept it) leaves the screen as it was, and the person who chose is told why.
        logError('Language change failed', error);
        toast(t`The language could not be changed`, t`Please check the connection and try again.`, 'error');
        return;
      }
      if (userId !== undefined) await saveLanguagePreference(userId, next);
    },
    [show, userId],
  );

  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return (
    <LanguageContext.Provider value={value}>
      <I18nProvider i18n={i18n}>
        <DatesProvider settings={{ locale: DAYJS_LOCALE[language] }}>{children}</DatesProvider>
      </I18nProvider>
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage outside LanguageProvider');
  return value;
}
