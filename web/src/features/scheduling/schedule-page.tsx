import { localDate, localTime } from '@dental/domain/time/zones';
import { readAppointmentsForDay } from '@dental/local-store/reads';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { dayjs } from '../../lib/dates.ts';
import { useLocalData } from '../offline/local-data.tsx';
import { LocalDataGate } from '../offline/local-data-gate.tsx';
import { BookAppointmentForm } from './book-appointment-form.tsx';

function DaySchedule() {
  const local = useLocalData();
  const [day, setDay] = useState(() => localDate(new Date(), local.timezone));
  const [formOpen, form] = useDisclosure(false);
  const appointments = useLiveQuery(
    async () => (local.store && local.key ? readAppointmentsForDay(local.store, local.key, day) : []),
    [local.store, local.key, day],
    [],
  );
  const shown = appointments.filter((a) => a.status !== 'cancelled' && a.status !== 'no-show');
  const shift = (days: number) => setDay(dayjs(day).add(days, 'day').format('YYYY-MM-DD'));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Daily Schedule
        </Title>
        <Button onClick={form.open}>New Appointment</Button>
      </Group>
      <Group gap="xs">
        <ActionIcon variant="default" aria-label="Previous day" onClick={() => shift(-1)}>
          <IconChevronLeft size={16} />
        </ActionIcon>
        <TextInput
          type="date"
          aria-label="Schedule date"
          value={day}
          onChange={(e) => e.currentTarget.value && setDay(e.currentTarget.value)}
        />
        <ActionIcon variant="default" aria-label="Next day" onClick={() => shift(1)}>
          <IconChevronRight size={16} />
        </ActionIcon>
        <Text size="sm" c="dimmed">
          Times in {local.timezone}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        The full operatory grid comes with the scheduling release; this list works offline today.
      </Text>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Room</Table.Th>
            <Table.Th>Patient</Table.Th>
            <Table.Th>Provider</Table.Th>
            <Table.Th>Procedure</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((appointment) => (
            <Table.Tr key={appointment.id} data-testid="appointment-row">
              <Table.Td>{localTime(appointment.appointmentDate, local.timezone)}</Table.Td>
              <Table.Td>{appointment.treatmentRoom}</Table.Td>
              <Table.Td>{appointment.patientName}</Table.Td>
              <Table.Td>{appointment.providerName}</Table.Td>
              <Table.Td>{appointment.procedure}</Table.Td>
              <Table.Td>
                {appointment.status}{' '}
                {appointment.version === 0 && (
                  <Badge size="xs" color="blue.9" variant="filled">
                    Pending sync
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {shown.length === 0 && <Text c="dimmed">No appointments on this day.</Text>}
      <BookAppointmentForm opened={formOpen} onClose={form.close} day={day} dayAppointments={appointments} />
    </Stack>
  );
}

export function SchedulePage() {
  return (
    <LocalDataGate>
      <DaySchedule />
    </LocalDataGate>
  );
}
