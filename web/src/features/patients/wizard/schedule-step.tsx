import { CHECKOUT, SCHEDULING } from '@dental/domain/constants';
import { timeSlots, twelveHourTime } from '@dental/domain/practices/hours';
import { addDays, checkBookingRules } from '@dental/domain/scheduling/booking-rules';
import { type Conflict, findConflicts } from '@dental/domain/scheduling/conflicts';
import { instantAt, localDate } from '@dental/domain/time/zones';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useMemo } from 'react';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import type { Provider, ScheduleDay } from '../../scheduling/index.ts';
import type { StepProps } from './patient-steps.tsx';

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
  const { timezone } = useLocalData();
  const today = localDate(new Date(), timezone);
  const provider = wizardProvider(day.providers);
  const date = values.appointmentDate;

  const options = useMemo(() => {
    if (!date || !day.hours || !day.current || !provider) return [];
    const now = Date.now();
    return timeSlots(day.hours, date, SCHEDULING.durationStepMinutes)
      .filter((time) => Date.parse(instantAt(date, time, day.timeZone)) > now)
      .map((time) => {
        const check = checkSlot(day, provider.id, date, time);
        const busy = check.conflicts.length > 0 || check.rule !== null;
        return { value: time, label: `${twelveHourTime(time)}${busy ? ' (unavailable)' : ''}`, disabled: busy };
      });
  }, [date, day, provider]);
  const closed = date !== '' && day.hours !== null && day.current && options.length === 0;

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Optional: book the first visit now. Leave the date empty to skip.
      </Text>
      <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-default-hover)">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Summary label="Procedure" value={BOOKING.procedure} />
          <Summary label="Duration" value={`${BOOKING.durationMinutes} minutes`} />
          <Summary label="Provider" value={provider?.name ?? 'No provider on this device'} />
          <Summary label="Room" value={BOOKING.room} />
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateInput
          label="Appointment date"
          placeholder="YYYY-MM-DD"
          valueFormat="YYYY-MM-DD"
          minDate={today}
          maxDate={addDays(today, SCHEDULING.maxAdvanceBookingDays)}
          clearable
          value={date || null}
          error={errors.appointmentDate}
          onChange={(value) => {
            set('appointmentDate', value ? value.slice(0, 10) : '');
            set('appointmentTime', '');
          }}
          popoverProps={{ withinPortal: true }}
        />
        <Select
          label="Time"
          placeholder={date ? 'Choose a time' : 'Choose a date first'}
          disabled={!date || options.length === 0}
          data={options}
          value={values.appointmentTime || null}
          error={errors.appointmentTime}
          onChange={(value) => set('appointmentTime', value ?? '')}
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={240}
        />
      </SimpleGrid>
      {!day.hours && (
        <Alert color="yellow">The practice hours are not on this device yet, so no time can be offered.</Alert>
      )}
      {closed && <Alert color="yellow">No free time is left on this day. Choose another date.</Alert>}
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
            Skip booking
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
