import { RELATIONSHIP_TEXTS } from '@dental/domain/patients/family';
import { APPOINTMENT_STATUS_TEXTS } from '@dental/domain/scheduling/status-transitions';
import { localDate } from '@dental/domain/time/zones';
import type { LocalAppointment, LocalPatient } from '@dental/local-store';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Group, List, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { SEND_METHOD_LABELS, SENT_FORM_STATUS_LABELS, useLabels } from './record-labels.ts';
import { usePatientFamily, usePatientSentForms } from './use-patient.ts';

const NO_PERMISSION = msg`You do not have permission to view this section.`;

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

const PREFERENCE_LABELS: Record<string, MessageDescriptor> = {
  email: msg`Email`,
  phone: msg`Phone call`,
  sms: msg`Text message (SMS)`,
  portal: msg`Patient portal`,
};

function Entries({ label, entries, alert }: { label: string; entries: readonly string[]; alert?: boolean }) {
  const { t } = useLingui();
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {entries.length === 0 ? (
        <Text size="sm">{t`None recorded`}</Text>
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
  const { t, i18n } = useLingui();
  const history = patient.medicalHistory;
  const preference = history.communicationPreference;
  const preferenceLabel = Object.hasOwn(PREFERENCE_LABELS, preference)
    ? i18n._(PREFERENCE_LABELS[preference] as MessageDescriptor)
    : preference;
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={4}>
          <Trans>Medical history</Trans>
        </Title>
        {patient.restricted.includes('medicalHistory') ? (
          <Alert color="gray">{i18n._(NO_PERMISSION)}</Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Entries label={t`Allergies`} entries={history.allergies ?? []} alert />
            <Entries label={t`Medical conditions`} entries={history.conditions ?? []} alert />
            <Entries label={t`Medications`} entries={history.medications ?? []} />
          </SimpleGrid>
        )}
        <Text size="sm">
          <Trans>
            Communication preference: <b>{preferenceLabel}</b>
          </Trans>
        </Text>
      </Stack>
      <Stack gap="sm">
        <Title order={4}>
          <Trans>Insurance</Trans>
        </Title>
        {patient.restricted.includes('insurance') ? (
          <Alert color="gray">{i18n._(NO_PERMISSION)}</Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                <Trans context="insurance">Provider</Trans>
              </Text>
              <Text size="sm">{history.insuranceProvider || t`None recorded`}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                <Trans>Policy number</Trans>
              </Text>
              <Text size="sm">{history.insurancePolicyNumber || t`None recorded`}</Text>
            </div>
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}

/** The patient's family, read from the device, so it shows offline; both sides of a link sync. */
export function FamilySection({ patientId }: { patientId: string }) {
  const { t } = useLingui();
  const label = useLabels();
  usePullOnOpen();
  const family = usePatientFamily(patientId);
  if (family === undefined) return <Loader size="sm" aria-label={t`Loading family members`} />;
  if (family.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>No family members are linked to this patient.</Trans>
      </Text>
    );
  }
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
            ({label(RELATIONSHIP_TEXTS, relation.relationshipType)})
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
  const formats = useFormats();
  const label = useLabels();
  if (props.appointments.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>None</Trans>
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={props.label} style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Date</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Time</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Procedure</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Provider</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Room</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.appointments.map((appointment) => (
            <Table.Tr key={appointment.id}>
              <Table.Td>{appointment.day}</Table.Td>
              <Table.Td>{formats.instantTime(appointment.appointmentDate, props.timeZone)}</Table.Td>
              <Table.Td>{appointment.procedure}</Table.Td>
              <Table.Td>{appointment.providerName}</Table.Td>
              <Table.Td>{appointment.treatmentRoom}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOURS[appointment.status] ?? 'gray'} variant="light">
                  {label(APPOINTMENT_STATUS_TEXTS, appointment.status)}
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
  const { t } = useLingui();
  if (!props.appointments) return <Loader size="sm" aria-label={t`Loading appointments`} />;
  const upcoming = props.appointments.filter((appointment) => Date.parse(appointment.appointmentDate) >= props.now);
  const past = props.appointments
    .filter((appointment) => Date.parse(appointment.appointmentDate) < props.now)
    .reverse();
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={4}>
          <Trans>Upcoming</Trans>
        </Title>
        <AppointmentTable appointments={upcoming} timeZone={props.timeZone} label={t`Upcoming appointments`} />
      </Stack>
      <Stack gap="xs">
        <Title order={4}>
          <Trans>Past</Trans>
        </Title>
        <AppointmentTable appointments={past} timeZone={props.timeZone} label={t`Past appointments`} />
      </Stack>
    </Stack>
  );
}

/**
 * The send log, read from the device: forms queued by the wizard show once the server has sent them
 * and the pull brings the sends back.
 */
export function FormsSection({ patientId, timeZone }: { patientId: string; timeZone: string }) {
  const { t } = useLingui();
  const label = useLabels();
  usePullOnOpen();
  const forms = usePatientSentForms(patientId);
  if (forms === undefined) return <Loader size="sm" aria-label={t`Loading sent forms`} />;
  if (forms.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>No forms have been sent to this patient yet.</Trans>
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped aria-label={t`Forms sent`} style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Form</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Sent</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Via</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {forms.map((form) => (
            <Table.Tr key={form.id}>
              <Table.Td>{form.title ?? t`Removed template`}</Table.Td>
              <Table.Td>{localDate(form.sentAt, timeZone)}</Table.Td>
              <Table.Td tt="uppercase">{label(SEND_METHOD_LABELS, form.method)}</Table.Td>
              <Table.Td>
                <Badge variant="light">{label(SENT_FORM_STATUS_LABELS, form.status)}</Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
