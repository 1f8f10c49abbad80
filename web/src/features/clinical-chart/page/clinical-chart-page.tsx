import { LOCK_TEXTS } from '@dental/domain/clinical/lock';
import { ageOn } from '@dental/domain/patients/age';
import { can } from '@dental/domain/permissions/can';
import { localDate } from '@dental/domain/time/zones';
import type { LocalPatient } from '@dental/local-store';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCloudOff, IconLock, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useAuth } from '../../../platform/auth/auth-context.tsx';
import { domainText, say } from '../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';
import { type LockState, useChartLock } from '../model/chart-lock.ts';
import { defaultDentition, dentitionFor, visitsOn } from '../model/chart-model.ts';
import type { EntryInput } from '../model/clinical-store.ts';
import { SIGNED_GREEN } from '../model/colours.ts';
import { useChartView, useClinical, usePatientRecord, usePatientVisits } from '../model/use-chart.ts';
import { NotesTab } from '../notes/notes-tab.tsx';
import { OdontogramTab } from '../odontogram/odontogram-tab.tsx';
import { PerioTab } from '../perio/perio-tab.tsx';
import { PatientPicker } from './patient-picker.tsx';

type Tab = 'odontogram' | 'perio' | 'notes';

/** /clinical-charts: a patient picker, or with ?patientId= the patient's chart, read from the device. */
export function ClinicalChartPage({ patientId }: { patientId?: string }) {
  if (!patientId) return <PatientPicker />;
  return <PatientChart key={patientId} patientId={patientId} />;
}

function PatientChart({ patientId }: { patientId: string }) {
  const { t } = useLingui();
  const patient = usePatientRecord(patientId);
  if (patient === undefined) return <Loader aria-label={t`Loading chart`} />;
  if (patient === null)
    return (
      <Paper withBorder p="xl" radius="md" maw={560}>
        <Stack gap="sm">
          <Title order={2}>
            <Trans>Patient not found</Trans>
          </Title>
          <Text>
            <Trans>
              This device has no such patient. They may belong to another practice, or not have arrived yet.
            </Trans>
          </Text>
          <Anchor component={Link} to="/clinical-charts">
            <Trans>Choose another patient</Trans>
          </Anchor>
        </Stack>
      </Paper>
    );
  return <ChartScreen patient={patient} />;
}

function LockBanner({ lock, canEdit, onTakeOver }: { lock: LockState; canEdit: boolean; onTakeOver(): void }) {
  if (lock.kind === 'held')
    return (
      <Alert color="yellow" variant="light" icon={<IconLock size={18} />} data-testid="chart-lock-banner">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm">
            {lock.message} <Trans>The chart is read-only for you.</Trans>
          </Text>
          <Button size="compact-sm" variant="light" color="yellow" onClick={onTakeOver}>
            <Trans>Take over</Trans>
          </Button>
        </Group>
      </Alert>
    );
  if (lock.kind === 'offline' && canEdit)
    return (
      <Alert color="blue" variant="light" icon={<IconCloudOff size={18} />} data-testid="chart-offline-banner">
        <Trans>
          Offline: you can keep charting. Changes are kept on this device and merge with the practice's chart when it is
          back online; nothing is overwritten.
        </Trans>
      </Alert>
    );
  return null;
}

function ChartScreen({ patient }: { patient: LocalPatient }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const local = useLocalData();
  const formats = useFormats();
  const clinical = useClinical();
  const view = useChartView(patient.id);
  const appointments = usePatientVisits(patient.id);
  const [tab, setTab] = useState<Tab>('odontogram');
  const [confirmTakeOver, setConfirmTakeOver] = useState(false);
  const canChart = can(user, 'clinical.edit');
  const canWriteNotes = can(user, 'clinical.treatment_notes');
  const lock = useChartLock(patient.id, canChart || canWriteNotes);
  const lockAllows = lock.state.kind !== 'held' && lock.state.kind !== 'checking';
  const today = localDate(new Date(), local.timezone);
  const age = ageOn(patient.dateOfBirth, today);
  const timezone = local.timezone;
  const { afterWrite } = local;

  const visits = useMemo(() => visitsOn(appointments ?? [], today), [appointments, today]);
  const visitOptions = useMemo(
    () =>
      visits.map((visit) => ({
        value: visit.id,
        label: `${formats.instantDated(visit.appointmentDate, timezone)} · ${visit.procedure}`,
      })),
    [visits, formats, timezone],
  );
  const byId = useMemo(() => new Map((appointments ?? []).map((item) => [item.id, item])), [appointments]);
  const formatWhen = useCallback((instant: string) => formats.instantDated(instant, timezone), [formats, timezone]);
  const visitLabel = useCallback(
    (id: string | null) => {
      if (!id) return '—';
      const visit = byId.get(id);
      return visit ? `${formats.instantDated(visit.appointmentDate, timezone)} · ${visit.procedure}` : t`Appointment`;
    },
    [byId, formats, timezone, t],
  );

  const refused = useCallback(
    (title: string, error: unknown) =>
      toast(title, error instanceof Error ? domainText(error.message) : String(error), 'error'),
    [],
  );
  const onChart = useCallback(
    async (input: EntryInput) => {
      if (!clinical) return false;
      try {
        await clinical.addEntry(patient.id, input);
        afterWrite();
        return true;
      } catch (error) {
        refused(t`Not charted`, error);
        return false;
      }
    },
    [clinical, patient.id, afterWrite, refused, t],
  );
  const onVoid = useCallback(
    async (entryId: string, reason: string) => {
      if (!clinical) return false;
      try {
        await clinical.voidEntry(patient.id, entryId, reason);
        afterWrite();
        return true;
      } catch (error) {
        refused(t`Not voided`, error);
        return false;
      }
    },
    [clinical, patient.id, afterWrite, refused, t],
  );

  const name = `${patient.firstName} ${patient.lastName}`;
  const holder = lock.state.kind === 'held' ? lock.state.holderName : '';

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Group gap="sm">
              <Title order={2}>{name}</Title>
              {lock.state.kind === 'mine' && (
                <Badge color={SIGNED_GREEN} variant="filled" leftSection={<IconLock size={12} />}>
                  <Trans>You are editing</Trans>
                </Badge>
              )}
              {lock.state.kind === 'held' && (
                <Badge variant="default">
                  <Trans>Read-only</Trans>
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {age === null ? t`Age not recorded` : t`${age} years`}
              {patient.dateOfBirth ? ` · ${formats.mediumDate(patient.dateOfBirth.slice(0, 10))}` : ''}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconUserCircle size={16} />}
              renderRoot={(props) => <Link {...props} to="/patients/$id" params={{ id: patient.id }} />}
            >
              <Trans>Patient record</Trans>
            </Button>
            <Button
              variant="default"
              renderRoot={(props) => <Link {...props} to="/treatment-plans" search={{ patientId: patient.id }} />}
            >
              <Trans>Treatment plans</Trans>
            </Button>
          </Group>
        </Group>
      </Paper>
      <LockBanner lock={lock.state} canEdit={canChart || canWriteNotes} onTakeOver={() => setConfirmTakeOver(true)} />
      {!clinical || view === undefined ? (
        <Loader aria-label={t`Loading chart`} />
      ) : (
        <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
          <Tabs.List data-guide="chart-tabs">
            <Tabs.Tab value="odontogram">
              <Trans>Odontogram</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="perio">
              <Trans>Periodontal</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="notes">
              <Trans>Notes</Trans>
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="odontogram" pt="md">
            <OdontogramTab
              teeth={view.teeth}
              entries={view.entries}
              defaultDentition={dentitionFor(
                defaultDentition(patient.dateOfBirth, today),
                view.teeth.map((tooth) => tooth.tooth),
              )}
              canEdit={canChart && lockAllows}
              visits={visitOptions}
              defaultAppointmentId={visits[0]?.id ?? null}
              formatWhen={formatWhen}
              visitLabel={visitLabel}
              onChart={onChart}
              onVoid={onVoid}
            />
          </Tabs.Panel>
          <Tabs.Panel value="perio" pt="md">
            <PerioTab
              patientId={patient.id}
              exams={view.perioExams}
              teeth={view.teeth}
              canEdit={canChart && lockAllows}
              today={today}
              appointmentId={visits[0]?.id ?? null}
              formatWhen={formatWhen}
            />
          </Tabs.Panel>
          <Tabs.Panel value="notes" pt="md">
            <NotesTab
              patientId={patient.id}
              notes={view.notes}
              canEdit={canWriteNotes && lockAllows}
              visits={visits}
              visitLabel={visitLabel}
              formatWhen={formatWhen}
            />
          </Tabs.Panel>
        </Tabs>
      )}
      <Modal opened={confirmTakeOver} onClose={() => setConfirmTakeOver(false)} title={t`Take over the chart?`}>
        <Stack gap="md">
          <Text size="sm">{say(LOCK_TEXTS.takeOver, { holder })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmTakeOver(false)}>
              <Trans>Cancel</Trans>
            </Button>
            {/* Dark text on the yellow: white on it is 3:1 in either theme. */}
            <Button
              color="yellow"
              autoContrast
              onClick={() => {
                setConfirmTakeOver(false);
                void lock.takeOver();
              }}
            >
              <Trans>Take over</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
