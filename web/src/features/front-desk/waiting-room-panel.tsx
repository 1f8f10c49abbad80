import { labelOf, WAITING_AREA_LABELS } from '@dental/domain/scheduling/front-desk-labels';
import { waitingPatients } from '@dental/domain/scheduling/front-office-day';
import type { LocalAppointment } from '@dental/local-store';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useMemo } from 'react';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { useFormats } from '../../platform/i18n/formats.ts';
import { useNow } from '../../platform/practice/use-now.ts';

const TICK_MS = 30_000;
/** Waits the desk should notice (yellow) and act on (red). */
const LONG_WAIT_MINUTES = 15;
const TOO_LONG_WAIT_MINUTES = 30;

interface Props {
  /** The day on the grid (YYYY-MM-DD on the practice's clock) and its appointments, as the grid has them. */
  date: string;
  today: string;
  appointments: readonly LocalAppointment[];
  timeZone: string;
  canCheckOut: boolean;
  onCheckOut(appointment: LocalAppointment): void;
}

/** A wait in minutes, yellow when the desk should notice it and red when it should act. */
export function WaitBadge({ minutes }: { minutes: number }) {
  return (
    <Badge
      variant="filled"
      autoContrast
      color={minutes >= TOO_LONG_WAIT_MINUTES ? 'red.9' : minutes >= LONG_WAIT_MINUTES ? 'yellow.5' : 'teal.9'}
      data-testid="waiting-minutes"
    >
      <Trans>{minutes} min</Trans>
    </Badge>
  );
}

/**
 * Who is checked in, where, and for how long (spec 2.12): the in-progress visits of the day on the
 * grid (today unless the desk looks at another day), read from this device like the grid, the
 * longest wait first, so the desk sees at a glance who has waited too long.
 */
export function WaitingRoomPanel({ date, today, appointments, timeZone, canCheckOut, onCheckOut }: Props) {
  const { t } = useLingui();
  const formats = useFormats();
  const now = useNow(TICK_MS);
  const waiting = useMemo(() => waitingPatients(appointments, now, timeZone), [appointments, timeZone, now]);

  // A table on a wide screen; on a tablet, where it would scroll sideways, one short block per patient.
  const wide = useMediaQuery('(min-width: 75em)');
  const rows = waiting.map(({ appointment, since, minutes }) => {
    const patientName = appointment.patientName;
    return {
      appointment,
      area: appointment.waitingArea ? domainText(labelOf(WAITING_AREA_LABELS, appointment.waitingArea)) : '—',
      arrived: since ? formats.instantTime(since, timeZone) : '—',
      wait: <WaitBadge minutes={minutes} />,
      action: (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconLogout size={14} aria-hidden="true" />}
          disabled={!canCheckOut}
          onClick={() => onCheckOut(appointment)}
          aria-label={t`Check out ${patientName}`}
        >
          <Trans>Check Out</Trans>
        </Button>
      ),
    };
  });
  const day = formats.longDate(date);
  const count = waiting.length;

  // Nobody can be waiting on another day unless a visit was left open; an empty panel there only takes room from the grid.
  if (rows.length === 0 && date !== today) return null;

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="section"
      aria-labelledby="waiting-room-title"
      data-testid="waiting-room"
      data-guide="waiting-room"
    >
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id="waiting-room-title">
          {date === today ? <Trans>Waiting room</Trans> : <Trans>Waiting room · {day}</Trans>}
        </Title>
        <Badge variant="default">
          <Trans>{count} checked in</Trans>
        </Badge>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No patients are checked in. Checked-in patients appear here with their waiting area and time.</Trans>
        </Text>
      ) : wide ? (
        <Table verticalSpacing={4} aria-label={t`Checked-in patients`} style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Patient</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Waiting area</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Arrived</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Waiting</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Provider</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Room</Trans>
              </Table.Th>
              <Table.Th>
                <VisuallyHidden>
                  <Trans>Actions</Trans>
                </VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.appointment.id} data-testid="waiting-patient" data-appointment-id={row.appointment.id}>
                <Table.Td fw={500}>{row.appointment.patientName}</Table.Td>
                <Table.Td data-testid="waiting-area">{row.area}</Table.Td>
                <Table.Td>{row.arrived}</Table.Td>
                <Table.Td>{row.wait}</Table.Td>
                <Table.Td>{row.appointment.providerName}</Table.Td>
                <Table.Td>{row.appointment.treatmentRoom}</Table.Td>
                <Table.Td>{row.action}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Stack gap={0} component="ul" aria-label={t`Checked-in patients`} p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <Group
              key={row.appointment.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py={6}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              data-testid="waiting-patient"
              data-appointment-id={row.appointment.id}
            >
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {row.appointment.patientName}
                </Text>
                <Text size="xs" c="dimmed">
                  <span data-testid="waiting-area">{row.area}</span> · <Trans>arrived {row.arrived}</Trans> ·{' '}
                  {row.appointment.providerName} · {row.appointment.treatmentRoom}
                </Text>
              </div>
              <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                {row.wait}
                {row.action}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
