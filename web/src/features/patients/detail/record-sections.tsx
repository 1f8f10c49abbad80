import { formatClockTime } from '@dental/domain/scheduling/conflicts';
import { localDate } from '@dental/domain/time/zones';
import type { LocalAppointment, LocalPatient } from '@dental/local-store';
import { Alert, Anchor, Badge, Group, List, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { usePatientFamily, usePatientSentForms } from './use-patient.ts';

const NO_PERMISSION = 'You do not have permission to view this section.';

/**
 * Opening a section read from the device also asks the server for what changed, so a link or a send
 * recorded elsewhere (or just acknowledged) shows without waiting for the next sync.
 */
function usePullOnOpen(): void {
  const local = useLocalData();
  // A ref, so a new context value (every sync changes it) does not ask again.
  const pullNow = useRef(local.pullNow);
  pullNow.current = local.pullNow;
  useEffect(() => {
    void pullNow.current();
  }, []);
}

const PREFERENCE_LABELS: Record<string, string> = {
  email: 'Email',
  phone: 'Phone call',
  sms: 'Text message (SMS)',
  portal: 'Patient portal',
};

function Entries({ label, entries, alert }: { label: string; entries: readonly string[]; alert?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {entries.length === 0 ? (
        <Text size="sm">None recorded</Text>
      ) : (
        <Group gap={6} mt={4}>
          {entries.map((entry) => (
            <Badge key={entry} color={alert ? 'red' : 'gray'} variant={alert ? 'filled' : 'light'}>
              {entry}
            </Badge>
          ))}
        </Group>
      )}
    </div>
  );
}

/** Sections the server left out for this user say so; an empty list would read as "no allergies". */
export function MedicalSection({ patient }: { patient: LocalPatient }) {
  const history = patient.medicalHistory;
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={4}>Medical history</Title>
        {patient.restricted.includes('medicalHistory') ? (
          <Alert color="gray">{NO_PERMISSION}</Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Entries label="Allergies" entries={history.allergies ?? []} alert />
            <Entries label="Medical conditions" entries={history.conditions ?? []} alert />
            <Entries label="Medications" entries={history.medications ?? []} />
          </SimpleGrid>
        )}
        <Text size="sm">
          Communication preference:{' '}
          <b>{PREFERENCE_LABELS[history.communicationPreference] ?? history.communicationPreference}</b>
        </Text>
      </Stack>
      <Stack gap="sm">
        <Title order={4}>Insurance</Title>
        {patient.restricted.includes('insurance') ? (
          <Alert color="gray">{NO_PERMISSION}</Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Provider
              </Text>
              <Text size="sm">{history.insuranceProvider || 'None recorded'}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Policy number
              </Text>
              <Text size="sm">{history.insurancePolicyNumber || 'None recorded'}</Text>
            </div>
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}

/** The patient's family, read from the device, so it shows offline; both sides of a link sync. */
export function FamilySection({ patientId }: { patientId: string }) {
  usePullOnOpen();
  const family = usePatientFamily(patientId);
  if (family === undefined) return <Loader size="sm" aria-label="Loading family members" />;
  if (family.length === 0) return <Text c="dimmed">No family members are linked to this patient.</Text>;
  return (
    <List spacing="xs">
      {family.map((relation) => (
        <List.Item key={relation.id}>
          <Anchor
            renderRoot={(props) => <Link {...props} to="/patients/$id" params={{ id: relation.relatedPatientId }} />}
          >
            {relation.relatedPatient.firstName} {relation.relatedPatient.lastName}
          </Anchor>{' '}
          <Text span size="sm" c="dimmed" tt="capitalize">
            ({relation.relationshipType})
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

const STATUS_COLOURS: Record<string, string> = {
  scheduled: 'blue',
  'in-progress': 'yellow',
  completed: 'teal',
  cancelled: 'gray',
  'no-show': 'red',
};

function AppointmentTable(props: { appointments: readonly LocalAppointment[]; timeZone: string; label: string }) {
  if (props.appointments.length === 0) return <Text c="dimmed">None</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={props.label} style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Procedure</Table.Th>
            <Table.Th>Provider</Table.Th>
            <Table.Th>Room</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.appointments.map((appointment) => (
            <Table.Tr key={appointment.id}>
              <Table.Td>{appointment.day}</Table.Td>
              <Table.Td>{formatClockTime(appointment.appointmentDate, props.timeZone)}</Table.Td>
              <Table.Td>{appointment.procedure}</Table.Td>
              <Table.Td>{appointment.providerName}</Table.Td>
              <Table.Td>{appointment.treatmentRoom}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOURS[appointment.status] ?? 'gray'} variant="light">
                  {appointment.status}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function AppointmentsSection(props: {
  appointments: readonly LocalAppointment[] | undefined;
  timeZone: string;
  now: number;
}) {
  if (!props.appointments) return <Loader size="sm" aria-label="Loading appointments" />;
  const upcoming = props.appointments.filter((appointment) => Date.parse(appointment.appointmentDate) >= props.now);
  const past = props.appointments
    .filter((appointment) => Date.parse(appointment.appointmentDate) < props.now)
    .reverse();
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={4}>Upcoming</Title>
        <AppointmentTable appointments={upcoming} timeZone={props.timeZone} label="Upcoming appointments" />
      </Stack>
      <Stack gap="xs">
        <Title order={4}>Past</Title>
        <AppointmentTable appointments={past} timeZone={props.timeZone} label="Past appointments" />
      </Stack>
    </Stack>
  );
}

/**
 * The send log, read from the device: forms queued by the wizard show once the server has sent them
 * and the pull brings the sends back.
 */
export function FormsSection({ patientId, timeZone }: { patientId: string; timeZone: string }) {
  usePullOnOpen();
  const forms = usePatientSentForms(patientId);
  if (forms === undefined) return <Loader size="sm" aria-label="Loading sent forms" />;
  if (forms.length === 0) return <Text c="dimmed">No forms have been sent to this patient yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped aria-label="Forms sent" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Form</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Via</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {forms.map((form) => (
            <Table.Tr key={form.id}>
              <Table.Td>{form.title ?? 'Removed template'}</Table.Td>
              <Table.Td>{localDate(form.sentAt, timeZone)}</Table.Td>
              <Table.Td tt="uppercase">{form.method}</Table.Td>
              <Table.Td>
                <Badge variant="light">{form.status}</Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
