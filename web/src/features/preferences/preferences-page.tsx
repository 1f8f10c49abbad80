import { NOTIFICATION_EVENT_TYPES, type NotificationEventType } from '@dental/domain/communications/staff-notification';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@dental/domain/i18n/language';
import type { Preferences, ScheduleView, Theme } from '@dental/domain/preferences/preferences';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, apiRequest } from '../../platform/api/api.ts';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { useLanguage } from '../../platform/i18n/language-provider.tsx';
import { cachedPreferences, rememberPreferences } from '../../platform/offline/preferences-cache.ts';
import { loadPreferences } from '../../platform/offline/preferences-sync.tsx';
import { useAccessiblePractices } from '../../platform/practice/practice-queries.ts';
import { useThemePreference } from '../../platform/theme/use-theme.ts';
import { toast } from '../../platform/toasts/toast.ts';

function useNotificationLabels(): Record<NotificationEventType, string> {
  const { t } = useLingui();
  return {
    appointment_booked: t`Appointment booked`,
    appointment_moved: t`Appointment moved`,
    appointment_cancelled: t`Appointment cancelled`,
    patient_checked_in: t`Patient checked in`,
    provider_absence: t`Provider absence recorded`,
    maintenance_displaced: t`Bookings moved for maintenance`,
    waitlist_match: t`Waitlist match`,
    recall_due: t`Recall due`,
    review_low_rating: t`Low review rating`,
    reschedule_requested: t`Reschedule requested`,
  };
}

/** /preferences: the user's own theme, language, default schedule view, default practice and notifications. */
export function PreferencesPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const [, setTheme] = useThemePreference();
  const { setLanguage } = useLanguage();
  const practices = useAccessiblePractices();
  const labels = useNotificationLabels();
  const stored = useQuery({
    queryKey: ['preferences', userId],
    queryFn: () => loadPreferences(userId as number),
    enabled: userId !== undefined,
    initialData: () => (userId === undefined ? undefined : cachedPreferences(userId)),
    initialDataUpdatedAt: 0,
  });
  const [draft, setDraft] = useState<Preferences | null>(null);
  useEffect(() => {
    if (stored.data) setDraft(stored.data);
  }, [stored.data]);

  const save = useMutation({
    mutationFn: (next: Preferences) =>
      apiRequest<Preferences>('/api/preferences', {
        method: 'PUT',
        practiceId: null,
        body: {
          theme: next.theme,
          language: next.language,
          defaultScheduleView: next.defaultScheduleView,
          defaultPracticeId: next.defaultPracticeId,
          notifications: next.notifications,
        },
      }),
    onSuccess: async (saved) => {
      if (userId !== undefined) rememberPreferences(userId, saved);
      queryClient.setQueryData(['preferences', userId], saved);
      // Applied at once: the theme and the language.
      setTheme(saved.theme);
      if (saved.language) await setLanguage(saved.language);
      toast(t`Preferences saved`, undefined, 'success');
    },
    onError: (error) => {
      const message = error instanceof ApiError ? domainText(error.message) : t`Please try again.`;
      toast(t`Preferences not saved`, message, 'error');
    },
  });

  if (!draft) return <Loader aria-label={t`Loading`} />;
  const update = (change: Partial<Preferences>) => setDraft({ ...draft, ...change });

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>
        <Trans>Preferences</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>Your own settings. They follow you to every device you sign in on, and stay available offline.</Trans>
      </Text>
      <Card withBorder>
        <Stack gap="md">
          <Title order={2} size="h4">
            <Trans>Appearance and language</Trans>
          </Title>
          <div>
            <Text fw={500} size="sm" mb={4} id="theme-label">
              <Trans>Theme</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby="theme-label"
              value={draft.theme}
              onChange={(value) => update({ theme: value as Theme })}
              data={[
                { value: 'light', label: t`Light` },
                { value: 'dark', label: t`Dark` },
                { value: 'system', label: t`System` },
              ]}
            />
          </div>
          <Select
            label={t`Language`}
            value={draft.language ?? ''}
            onChange={(value) => update({ language: (value || null) as Language | null })}
            data={[
              { value: '', label: t`Follow this device` },
              ...LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] })),
            ]}
            allowDeselect={false}
            maw={320}
          />
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="md">
          <Title order={2} size="h4">
            <Trans>Schedule and practice</Trans>
          </Title>
          <div>
            <Text fw={500} size="sm" mb={4} id="view-label">
              <Trans>Default schedule view</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby="view-label"
              value={draft.defaultScheduleView}
              onChange={(value) => update({ defaultScheduleView: value as ScheduleView })}
              data={[
                { value: '60min', label: t`1 hour` },
                { value: '30min', label: t`30 minutes` },
              ]}
            />
          </div>
          <Select
            label={t`Default practice`}
            description={t`The practice you start in when you sign in.`}
            value={draft.defaultPracticeId === null ? '' : String(draft.defaultPracticeId)}
            onChange={(value) => update({ defaultPracticeId: value ? Number(value) : null })}
            data={[
              { value: '', label: t`My home practice` },
              ...(practices.data ?? []).map((practice) => ({ value: String(practice.id), label: practice.name })),
            ]}
            allowDeselect={false}
            maw={420}
          />
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>Notifications</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Notifications you turn off are not created for you.</Trans>
          </Text>
          {NOTIFICATION_EVENT_TYPES.map((type) => (
            <Checkbox
              key={type}
              label={labels[type]}
              checked={draft.notifications[type]}
              onChange={(event) =>
                update({ notifications: { ...draft.notifications, [type]: event.currentTarget.checked } })
              }
            />
          ))}
        </Stack>
      </Card>
      {stored.isError && (
        <Alert color="yellow">
          <Trans>Showing the preferences saved on this device.</Trans>
        </Alert>
      )}
      <Group>
        <Button onClick={() => save.mutate(draft)} loading={save.isPending}>
          <Trans>Save preferences</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
