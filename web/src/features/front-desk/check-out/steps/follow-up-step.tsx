import { CHECKOUT } from '@dental/domain/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, Input, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { domainText } from '../../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../../platform/i18n/formats.ts';
import type { GridRoom, Provider } from '../../../scheduling/index.ts';
import type { FollowUpValues } from '../check-out-values.ts';
import type { StepProps } from './step-parts.tsx';

interface FollowUpProps extends StepProps {
  today: string;
  providers: readonly Provider[];
  /** The chosen provider when they may take follow-ups (spec 6: doctor or hygienist), else null. */
  providerId: string | null;
  rooms: readonly GridRoom[];
  times: readonly string[];
  /** Days the practice is closed, greyed out in the calendar. */
  closedOn(date: string): boolean;
  /** Why the chosen slot cannot be booked (booking rules or spec 8's conflict text); null when it can. */
  problem: string | null;
}

/** Step 2: an optional follow-up visit, checked against the schedule before it is booked. */
export function FollowUpStep({
  values,
  onChange,
  today,
  providers,
  providerId,
  rooms,
  times,
  closedOn,
  problem,
}: FollowUpProps) {
  const { t } = useLingui();
  const formats = useFormats();
  const followUp = values.followUp;
  const set = (patch: Partial<FollowUpValues>) =>
    onChange((current) => ({ ...current, followUp: { ...current.followUp, ...patch } }));
  return (
    <Stack gap="md">
      <Switch
        label={t`Schedule a follow-up appointment`}
        checked={followUp.enabled}
        onChange={(event) => set({ enabled: event.currentTarget.checked })}
      />
      {followUp.enabled && (
        <Group align="flex-start" gap="lg" wrap="wrap">
          <div>
            <Input.Label labelElement="div" mb={4} id="follow-up-date-label">
              <Trans>Date</Trans>
            </Input.Label>
            <DatePicker
              aria-labelledby="follow-up-date-label"
              value={followUp.date}
              onChange={(value) => value && set({ date: value.slice(0, 10) })}
              minDate={today}
              locale={formats.language === 'fr' ? 'fr-ca' : 'en'}
              previousLabel={t`Previous month`}
              nextLabel={t`Next month`}
              // Weekends in red and other months' days in grey fall below contrast; closed days are disabled anyway.
              weekendDays={[]}
              hideOutsideDates
              excludeDate={(day) => closedOn(day.slice(0, 10))}
              defaultDate={followUp.date}
              size="sm"
            />
          </div>
          <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
            <Group grow>
              <Select
                label={t`Time`}
                data={times.length > 0 ? [...times] : [followUp.time]}
                value={followUp.time}
                onChange={(time) => time && set({ time })}
                searchable
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label={t`Duration`}
                data={CHECKOUT.followUpDurationsMinutes.map((minutes) => ({
                  value: String(minutes),
                  label: t`${minutes} min`,
                }))}
                value={followUp.duration}
                onChange={(duration) => duration && set({ duration })}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
            <Select
              label={t`Provider`}
              data={providers.map((provider) => ({ value: String(provider.id), label: provider.name }))}
              value={providerId}
              onChange={(chosen) => set({ providerId: chosen ?? '' })}
              placeholder={providers.length === 0 ? t`No providers available` : t`Choose a doctor or hygienist`}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t`Room`}
              data={rooms.map((room) => ({
                value: room.code,
                label: room.name === room.code ? room.code : `${room.code} · ${room.name}`,
              }))}
              value={followUp.room}
              onChange={(room) => set({ room: room ?? '' })}
              placeholder={rooms.length === 0 ? t`No rooms available` : t`Choose a room`}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label={t`Procedure`}
              value={followUp.procedure}
              onChange={(event) => set({ procedure: event.currentTarget.value })}
              maxLength={200}
            />
            <Textarea
              label={t`Notes`}
              value={followUp.notes}
              onChange={(event) => set({ notes: event.currentTarget.value })}
              maxLength={2000}
              autosize
              minRows={1}
            />
          </Stack>
        </Group>
      )}
      {followUp.enabled && problem && (
        <Alert color="red" title={t`Time Slot Unavailable`} data-testid="follow-up-problem">
          {domainText(problem)}
        </Alert>
      )}
    </Stack>
  );
}
