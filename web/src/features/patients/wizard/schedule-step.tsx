import { CHECKOUT, SCHEDULING } from '@dental/domain/constants';
import { timeSlots } from '@dental/domain/practices/hours';
import { addDays, checkBookingRules } from '@dental/domain/scheduling/booking-rules';
import { type Conflict, findConflicts } from '@dental/domain/scheduling/conflicts';
import { instantAt, localDate } from '@dental/domain/time/zones';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useMemo } from 'react';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import type { Provider, ScheduleDay } from '../../scheduling/index.ts';
import { type StepProps, shown } from './patient-steps.tsx';

const BOOKING = CHECKOUT.wizardBooking;

/** Spec 9: provider 1 books the consultation; a practice without that provider uses its first one. */
export function wizardProvider(providers: readonly Provider[]): Provider | undefined {
  return providers.find((provider) => provider.id === BOOKING.providerId) ?? providers[0];
}

export interface SlotCheck {
  conflicts: Conflict[];
  rule: string | null;
}

/** The shared rules (hours, advance limit) and conflicts for the consultation at one time. */
export function checkSlot(day: ScheduleDay, providerId: number, date: string, time: string): SlotCheck {
  const appointmentDate = instantAt(date, time, day.timeZone);
  const rules = day.hours
    ? checkBookingRules(
        { appointmentDate, duration: BOOKING.durationMinutes },
        { hours: day.hours, timeZone: day.timeZone, now: new Date() },
      )
    : [];
  const conflicts = findConflicts(
    { providerId, treatmentRoom: BOOKING.room, appointmentDate, duration: BOOKING.durationMinutes },
    day.appointments,
    { maintenance: day.maintenance, timeZone: day.timeZone },
  );
  return { conflicts, rule: rules[0]?.message ?? null };
}

export function ScheduleStep({ values, errors, set, day }: StepProps & { day: ScheduleDay }) {
  const { t } = useLingui();
  const formats = useFormats();
  const { timezone } = useLocalData();
  const today = localDate(new Date(), timezone);
  const provider = wizardProvider(day.providers);
  const date = values.appointmentDate;
  const minutes = BOOKING.durationMinutes;

  const options = useMemo(() => {
    if (!date || !day.hours || !day.current || !provider) return [];
    const now = Date.now();
    return timeSlots(day.hours, date, SCHEDULING.durationStepMinutes)
      .filter((time) => Date.parse(instantAt(date, time, day.timeZone)) > now)
      .map((time) => {
        const check = checkSlot(day, provider.id, date, time);
        const busy = check.conflicts.length > 0 || check.rule !== null;
        const clock = formats.clock(time);
        return { value: time, label: busy ? t`${clock} (unavailable)` : clock, disabled: busy };
      });
  }, [date, day, provider, formats, t]);
  const closed = date !== '' && day.hours !== null && day.current && options.length === 0;

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <Trans>Optional: book the first visit now. Leave the date empty to skip.</Trans>
      </Text>
      <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-default-hover)">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Summary label={t`Procedure`} value={BOOKING.procedure} />
          <Summary label={t`Duration`} value={t`${minutes} minutes`} />
          <Summary label={t`Provider`} value={provider?.name ?? t`No provider on this device`} />
          <Summary label={t`Room`} value={BOOKING.room} />
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateInput
          label={t`Appointment date`}
          placeholder={t`YYYY-MM-DD`}
          valueFormat="YYYY-MM-DD"
          minDate={today}
          maxDate={addDays(today, SCHEDULING.maxAdvanceBookingDays)}
          clearable
          value={date || null}
          error={shown(errors.appointmentDate)}
          onChange={(value) => {
            set('appointmentDate', value ? value.slice(0, 10) : '');
            set('appointmentTime', '');
          }}
          popoverProps={{ withinPortal: true }}
        />
        <Select
          label={t`Time`}
          placeholder={date ? t`Choose a time` : t`Choose a date first`}
          disabled={!date || options.length === 0}
          data={options}
          value={values.appointmentTime || null}
          error={shown(errors.appointmentTime)}
          onChange={(value) => set('appointmentTime', value ?? '')}
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={240}
        />
      </SimpleGrid>
      {!day.hours && (
        <Alert color="yellow">
          <Trans>The practice hours are not on this device yet, so no time can be offered.</Trans>
        </Alert>
      )}
      {closed && (
        <Alert color="yellow">
          <Trans>No free time is left on this day. Choose another date.</Trans>
        </Alert>
      )}
      {date && (
        <Group justify="flex-end">
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              set('appointmentDate', '');
              set('appointmentTime', '');
            }}
          >
            <Trans>Skip booking</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}
