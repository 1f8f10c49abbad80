import { type RoomNow, roomsNow } from '@dental/domain/scheduling/front-office-day';
import { APPOINTMENT_STATUS_COLOURS, normalizeStatus } from '@dental/domain/scheduling/status-transitions';
import type { LocalAppointment } from '@dental/local-store';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Center, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { useFormats } from '../../platform/i18n/formats.ts';
import { useLocalData } from '../../platform/offline/local-data.tsx';
import { LocalDataGate } from '../../platform/offline/local-data-gate.tsx';
import { useDayArrival } from '../../platform/offline/sync-status.ts';
import { useNow } from '../../platform/practice/use-now.ts';
import { practiceToday, useScheduleDay } from '../scheduling/index.ts';

/** A wall display is read from across the room: the next patient turns late within the minute. */
const TICK_MS = 30_000;
const ALL_ROOMS = 'all';

const statusColour = (appointment: LocalAppointment) =>
  APPOINTMENT_STATUS_COLOURS[normalizeStatus(appointment.status) ?? 'scheduled'];

function Slot({
  label,
  appointment,
  late,
  large,
  timeZone,
}: {
  label: ReactNode;
  appointment: LocalAppointment | null;
  late: boolean;
  large: boolean;
  timeZone: string;
}) {
  const { instantTime } = useFormats();
  if (!appointment) {
    return (
      <Stack gap={2}>
        <Text size="sm" tt="uppercase" fw={700} c="dimmed">
          {label}
        </Text>
        <Text size={large ? '1.75rem' : 'xl'} c="dimmed">
          —
        </Text>
      </Stack>
    );
  }
  const colour = late ? 'orange' : statusColour(appointment);
  const inChair = normalizeStatus(appointment.status) === 'in-progress';
  return (
    <Paper
      p="sm"
      radius="md"
      bg={`var(--mantine-color-${colour}-light)`}
      style={{ borderLeft: `6px solid var(--mantine-color-${colour}-filled)` }}
      data-testid="op-slot"
      data-status={late ? 'late' : appointment.status}
      data-appointment-id={appointment.id}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" tt="uppercase" fw={700}>
          {label}
        </Text>
        <Text size={large ? 'xl' : 'md'} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {instantTime(appointment.appointmentDate, timeZone)}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {inChair && (
          <IconCircleCheckFilled
            size={large ? 32 : 24}
            color={`var(--mantine-color-${colour}-filled)`}
            aria-hidden="true"
          />
        )}
        <Text size={large ? '2.75rem' : '1.6rem'} fw={700} lh={1.15} lineClamp={2} data-testid="op-patient">
          {appointment.patientName}
        </Text>
      </Group>
      <Text size={large ? 'xl' : 'md'} lineClamp={2}>
        {appointment.procedure} · {appointment.providerName}
      </Text>
      {late && (
        <Badge color="red.9" variant="filled" mt={4} size={large ? 'lg' : 'md'}>
          <Trans>Late</Trans>
        </Badge>
      )}
    </Paper>
  );
}

function RoomPanel({
  board,
  name,
  now,
  large,
  timeZone,
}: {
  board: RoomNow<LocalAppointment>;
  name: string;
  now: Date;
  large: boolean;
  timeZone: string;
}) {
  const late = board.next !== null && Date.parse(board.next.appointmentDate) < now.getTime();
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={name}
      data-testid="op-room"
      data-room={board.room}
    >
      <Stack gap="sm">
        <Title order={2} size={large ? 'h1' : 'h2'}>
          {name}
        </Title>
        <Slot
          label={<Trans>In the chair</Trans>}
          appointment={board.current}
          late={false}
          large={large}
          timeZone={timeZone}
        />
        <Slot label={<Trans>Next</Trans>} appointment={board.next} late={late} large={large} timeZone={timeZone} />
      </Stack>
    </Paper>
  );
}

/**
 * The operatory display: per treatment room (or the one chosen on this device), the patient in the chair
 * and the next one, in large type and the schedule's status colours, live from the device's store.
 */
function OpView() {
  const { t } = useLingui();
  const { timezone } = useLocalData();
  const { user } = useAuth();
  const { instantTime, instantLongDate } = useFormats();
  const now = useNow(TICK_MS);
  const today = practiceToday(timezone);
  const day = useScheduleDay(today);
  const arrival = useDayArrival(today);
  const [chosen, setChosen] = useLocalStorage<string>({
    key: `dental.op-view.room.${user?.currentPracticeId ?? 0}`,
    defaultValue: ALL_ROOMS,
    getInitialValueInEffect: false,
  });
  const roomCodes = useMemo(() => day.rooms.map((room) => room.code), [day.rooms]);
  const names = useMemo(() => new Map(day.rooms.map((room) => [room.code, room.name])), [day.rooms]);
  const shown = chosen !== ALL_ROOMS && roomCodes.includes(chosen) ? [chosen] : roomCodes;
  const boards = useMemo(() => roomsNow(shown, day.appointments, now), [shown, day.appointments, now]);
  const ready = (arrival === 'arrived' || arrival === 'updating') && day.loaded && day.current;
  const single = shown.length === 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            <Trans>Operatory view</Trans>
          </Title>
          <Text c="dimmed" data-testid="op-clock">
            {instantLongDate(now, timezone)} · {instantTime(now, timezone)}
          </Text>
        </div>
        <Select
          label={t`Room`}
          data={[
            { value: ALL_ROOMS, label: t`All rooms` },
            ...day.rooms.map((room) => ({ value: room.code, label: room.name })),
          ]}
          value={shown.length === 1 && chosen !== ALL_ROOMS ? chosen : ALL_ROOMS}
          onChange={(value) => setChosen(value ?? ALL_ROOMS)}
          allowDeselect={false}
          w={220}
        />
      </Group>
      {!ready ? (
        <Center py="xl">
          <Loader aria-label={t`Loading the schedule`} />
        </Center>
      ) : boards.length === 0 ? (
        <Text c="dimmed">
          <Trans>No rooms are stored on this device yet. They arrive with the next sync.</Trans>
        </Text>
      ) : (
        <SimpleGrid type="container" cols={single ? 1 : { base: 1, '560px': 2, '900px': 3, '1300px': 4 }} spacing="md">
          {boards.map((board) => (
            <RoomPanel
              key={board.room}
              board={board}
              name={names.get(board.room) ?? board.room}
              now={now}
              large={single}
              timeZone={timezone}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** `/op-view`. */
export function OpViewPage() {
  return (
    <LocalDataGate>
      <OpView />
    </LocalDataGate>
  );
}
