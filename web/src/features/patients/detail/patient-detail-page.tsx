import { can } from '@dental/domain/permissions/can';
import { localDate } from '@dental/domain/time/zones';
import type { LocalPatient } from '@dental/local-store';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Loader, Modal, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconEdit, IconFileDescription, IconUserOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../../../platform/auth/auth-context.tsx';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { PreparingDevice } from '../../../platform/offline/preparing-device.tsx';
import { usePatientsArrival } from '../../../platform/offline/sync-status.ts';
import { toast } from '../../../platform/toasts/toast.ts';
import { DemographicsSection } from './demographics-section.tsx';
import { MessagesSection } from './messages-section.tsx';
import { PatientHeader } from './patient-header.tsx';
import type { PatientTab } from './patient-tabs.ts';
import { RecallsSection } from './recalls-section.tsx';
import { AppointmentsSection, FamilySection, FormsSection, MedicalSection } from './record-sections.tsx';
import { SubmittedForms } from './submitted-forms.tsx';
import { usePatient, usePatientAppointments, useProviders } from './use-patient.ts';

/** One patient, by the id in the address, read from the device so the front desk and the chair see it offline too. */
export function PatientDetailPage({ id, tab }: { id: string; tab?: PatientTab | undefined }) {
  const { t } = useLingui();
  const patient = usePatient(id);
  const arrival = usePatientsArrival();
  if (patient === undefined) return <Loader aria-label={t`Loading patient`} />;
  // Not here yet is not the same as not found: the patient list may still be arriving.
  if (patient === null && arrival !== 'arrived') {
    return arrival === 'arriving' ? (
      <PreparingDevice waitingFor={t`This patient`} />
    ) : (
      <Loader aria-label={t`Loading patient`} />
    );
  }
  if (patient === null) return <NotFound />;
  return <PatientRecord key={patient.id} patient={patient} initialTab={tab} />;
}

function NotFound() {
  return (
    <Paper withBorder p="xl" radius="md" maw={560}>
      <Stack gap="sm">
        <Title order={2}>
          <Trans>Patient not found</Trans>
        </Title>
        <Text>
          <Trans>
            We could not find this patient on this device. They may have been removed, or they belong to another
            practice.
          </Trans>
        </Text>
        <Anchor component={Link} to="/patients">
          <Trans>Back to patients</Trans>
        </Anchor>
      </Stack>
    </Paper>
  );
}

function PatientRecord({ patient, initialTab }: { patient: LocalPatient; initialTab: PatientTab | undefined }) {
  const { t } = useLingui();
  const local = useLocalData();
  const { user } = useAuth();
  const providers = useProviders();
  const appointments = usePatientAppointments(patient.id);
  const [tab, setTab] = useState<PatientTab>(initialTab ?? 'details');
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const canEdit = can(user, 'patients.edit') && !patient.decryptionError;
  const canSeeMessages = can(user, 'communications.view');
  const now = Date.now();
  const today = localDate(new Date(now), local.timezone);

  const { firstName, lastName } = patient;

  async function deactivate() {
    if (!local.store) return;
    try {
      await local.store.patients.deactivate(patient.id);
      local.afterWrite();
      toast(t`Patient deactivated`, t`${firstName} ${lastName} will no longer be offered for booking.`, 'success');
    } catch (error) {
      toast(t`Deactivation failed`, error instanceof Error ? domainText(error.message) : undefined, 'error');
    } finally {
      setConfirming(false);
    }
  }

  const actions = (
    <>
      <Button
        renderRoot={(props) => <Link {...props} to="/scheduling" search={{ patientId: patient.id }} />}
        leftSection={<IconCalendarPlus size={16} />}
      >
        <Trans>Schedule</Trans>
      </Button>
      <Button
        renderRoot={(props) => <Link {...props} to="/clinical-charts" search={{ patientId: patient.id }} />}
        variant="light"
        leftSection={<IconFileDescription size={16} />}
      >
        <Trans>Open Chart</Trans>
      </Button>
      {canEdit && (
        <Button
          variant="default"
          leftSection={<IconEdit size={16} />}
          onClick={() => {
            setTab('details');
            setEditing(true);
          }}
        >
          <Trans>Edit</Trans>
        </Button>
      )}
      {canEdit && patient.isActive && (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconUserOff size={16} />}
          onClick={() => setConfirming(true)}
        >
          <Trans>Deactivate</Trans>
        </Button>
      )}
    </>
  );

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/patients" size="sm">
        <Trans>← All patients</Trans>
      </Anchor>
      <PatientHeader patient={patient} today={today} providers={providers} actions={actions} />
      <Tabs
        value={tab}
        onChange={(value) => value && setTab(value as PatientTab)}
        keepMounted={false}
        // Narrower than Mantine's default, so every tab (French runs longer) shows at 1024 px wide.
        styles={{ tab: { paddingInline: 'var(--mantine-spacing-xs)' } }}
      >
        {/* One row that scrolls on a narrow screen keeps the active tab's underline next to its panel. */}
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          <Tabs.Tab value="details">
            <Trans>Details</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="medical">
            <Trans>Medical &amp; insurance</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="appointments">
            <Trans>Appointments</Trans>
            {appointments ? ` (${appointments.length})` : ''}
          </Tabs.Tab>
          <Tabs.Tab value="recalls" data-guide="patient-recalls-tab">
            <Trans>Recalls</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="family">
            <Trans>Family</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="forms">
            <Trans>Forms</Trans>
          </Tabs.Tab>
          {canSeeMessages && (
            <Tabs.Tab value="messages">
              <Trans>Messages</Trans>
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Paper withBorder p="md" radius="md" mt="sm">
          <Tabs.Panel value="details">
            <DemographicsSection patient={patient} editing={editing} canEdit={canEdit} onEditingChange={setEditing} />
          </Tabs.Panel>
          <Tabs.Panel value="medical">
            <MedicalSection patient={patient} />
          </Tabs.Panel>
          <Tabs.Panel value="appointments">
            <AppointmentsSection appointments={appointments} timeZone={local.timezone} now={now} />
          </Tabs.Panel>
          <Tabs.Panel value="recalls">
            <RecallsSection patientId={patient.id} today={today} />
          </Tabs.Panel>
          <Tabs.Panel value="family">
            <FamilySection patientId={patient.id} />
          </Tabs.Panel>
          <Tabs.Panel value="forms">
            <Stack gap="lg">
              <FormsSection patientId={patient.id} timeZone={local.timezone} />
              <SubmittedForms patientId={patient.id} timeZone={local.timezone} />
            </Stack>
          </Tabs.Panel>
          {canSeeMessages && (
            <Tabs.Panel value="messages">
              <MessagesSection patientId={patient.id} timeZone={local.timezone} />
            </Tabs.Panel>
          )}
        </Paper>
      </Tabs>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t`Deactivate patient?`} centered>
        <Stack gap="md">
          <Text>
            <Trans>
              {firstName} {lastName} will be marked inactive. Their record and history are kept, and they can be made
              active again.
            </Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="red" onClick={() => void deactivate()}>
              <Trans>Deactivate</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
