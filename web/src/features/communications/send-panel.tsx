import { DELIVERY_CHANNELS, type DeliveryChannel } from '@dental/domain/communications/delivery';
import { SCHEDULING } from '@dental/domain/constants';
import { can } from '@dental/domain/permissions/can';
import { PUBLIC_TOKEN_LIFETIME_MS } from '@dental/domain/public/public-token';
import { BOOKABLE_DURATIONS } from '@dental/domain/scheduling/booking-rules';
import type { LocalAppointment } from '@dental/local-store';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { useFormats } from '../../platform/i18n/formats.ts';
import { useLocalData } from '../../platform/offline/local-data.tsx';
import { toast } from '../../platform/toasts/toast.ts';
import { PatientSelect } from '../patients/index.ts';
import { providersFrom } from '../scheduling/index.ts';
import { useCommunicationWrites } from './communications-api.ts';
import { failedField, failureText } from './failure.ts';
import { CHANNEL_LABELS } from './labels.ts';

const DAY_MS = 86_400_000;
const PREFERENCE = 'preference';
const ANY_PROVIDER = 'any';
/** Statuses an appointment can still be confirmed from. */
const CONFIRMABLE = new Set(['scheduled', 'confirmed']);

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={4} id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The patient's appointments still to come that a confirmation request can be about, soonest first. */
function useUpcomingAppointments(patientId: string): LocalAppointment[] {
  const { store } = useLocalData();
  const rows = useLiveQuery(
    async () => (store && patientId ? store.appointments.ofPatient(patientId) : []),
    [store, patientId],
  );
  return useMemo(() => {
    const now = Date.now();
    return (rows ?? [])
      .filter((row) => CONFIRMABLE.has(row.status) && Date.parse(row.appointmentDate) > now)
      .sort((a, b) => a.appointmentDate.localeCompare(b.appointmentDate));
  }, [rows]);
}

function MessageForm({ patientId }: { patientId: string }) {
  const { t, i18n } = useLingui();
  const writes = useCommunicationWrites();
  const [channel, setChannel] = useState<DeliveryChannel | typeof PREFERENCE>(PREFERENCE);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = {
      patientId: patientId ? undefined : t`Choose a patient first.`,
      message: message.trim() ? undefined : t`Write the message.`,
    };
    setErrors(refused);
    if (refused.patientId || refused.message) return;
    try {
      await writes.send.mutateAsync({
        patientId,
        ...(channel === PREFERENCE ? {} : { channel }),
        ...(channel !== 'sms' && subject.trim() ? { subject: subject.trim() } : {}),
        message: message.trim(),
      });
      toast(t`Message queued`, undefined, 'success');
      setSubject('');
      setMessage('');
    } catch (error) {
      const field = failedField(error);
      const text = failureText(error, t`Please try again.`);
      if (field && ['channel', 'subject', 'message'].includes(field)) setErrors({ [field]: text });
      else toast(t`The message could not be sent`, text, 'error');
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t`Send a message`}>
      <Stack gap="sm">
        {errors.patientId && (
          <Text c="red" size="sm" role="alert">
            {errors.patientId}
          </Text>
        )}
        <Select
          label={t`Channel`}
          data={[
            { value: PREFERENCE, label: t`The patient's preference` },
            ...DELIVERY_CHANNELS.map((value) => ({ value, label: i18n._(CHANNEL_LABELS[value]) })),
          ]}
          value={channel}
          onChange={(value) => value && setChannel(value as DeliveryChannel | typeof PREFERENCE)}
          allowDeselect={false}
          error={errors.channel}
        />
        {channel !== 'sms' && (
          <TextInput
            label={t`Subject (email)`}
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
            error={errors.subject}
          />
        )}
        <Textarea
          label={t`Message`}
          required
          autosize
          minRows={4}
          maxRows={10}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={errors.message}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={writes.send.isPending}>
            <Trans>Send message</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmationForm({ patientId }: { patientId: string }) {
  const { t } = useLingui();
  const formats = useFormats();
  const { timezone } = useLocalData();
  const writes = useCommunicationWrites();
  const upcoming = useUpcomingAppointments(patientId);
  const [chosen, setChosen] = useState<string | null>(null);
  const appointmentId = chosen && upcoming.some((row) => row.id === chosen) ? chosen : (upcoming[0]?.id ?? null);

  const send = async () => {
    if (!appointmentId) return;
    try {
      await writes.confirmationRequest.mutateAsync(appointmentId);
      toast(t`Confirmation request queued`, undefined, 'success');
    } catch (error) {
      toast(t`The request could not be sent`, failureText(error, t`Please try again.`), 'error');
    }
  };

  if (!patientId) {
    return (
      <Text c="dimmed" size="sm">
        <Trans>Choose a patient to see their upcoming appointments.</Trans>
      </Text>
    );
  }
  if (upcoming.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        <Trans>This patient has no upcoming appointment to confirm.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Select
        label={t`Appointment`}
        data={upcoming.map((row) => ({
          value: row.id,
          label: `${formats.instantDated(row.appointmentDate, timezone)} · ${row.procedure} · ${row.providerName}`,
        }))}
        value={appointmentId}
        onChange={setChosen}
        allowDeselect={false}
      />
      <Group justify="flex-end">
        <Button onClick={() => void send()} loading={writes.confirmationRequest.isPending}>
          <Trans>Send confirmation request</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function InvitationForm({ patientId }: { patientId: string }) {
  const { t } = useLingui();
  const { store } = useLocalData();
  const writes = useCommunicationWrites();
  const users = useLiveQuery(async () => (store ? store.reference('users') : null), [store], null);
  const providers = useMemo(() => (users ? providersFrom(users) : []), [users]);
  const [procedure, setProcedure] = useState('');
  const [duration, setDuration] = useState(String(SCHEDULING.defaultDurationMinutes));
  const [providerId, setProviderId] = useState(ANY_PROVIDER);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = {
      patientId: patientId ? undefined : t`Choose a patient first.`,
      procedure: procedure.trim() ? undefined : t`Name the procedure to book.`,
    };
    setErrors(refused);
    if (refused.patientId || refused.procedure) return;
    try {
      await writes.invite.mutateAsync({
        patientId,
        procedure: procedure.trim(),
        duration: Number(duration),
        ...(providerId === ANY_PROVIDER ? {} : { providerId: Number(providerId) }),
      });
      toast(t`Invitation queued`, undefined, 'success');
      setProcedure('');
    } catch (error) {
      const field = failedField(error);
      const text = failureText(error, t`Please try again.`);
      if (field && ['procedure', 'duration', 'providerId'].includes(field)) setErrors({ [field]: text });
      else toast(t`The invitation could not be sent`, text, 'error');
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t`Invite to book online`}>
      <Stack gap="sm">
        {errors.patientId && (
          <Text c="red" size="sm" role="alert">
            {errors.patientId}
          </Text>
        )}
        <TextInput
          label={t`Procedure`}
          required
          value={procedure}
          onChange={(event) => setProcedure(event.currentTarget.value)}
          error={errors.procedure}
        />
        <Group grow align="flex-start">
          <Select
            label={t`Duration`}
            data={BOOKABLE_DURATIONS.map((minutes) => ({ value: String(minutes), label: t`${minutes} min` }))}
            value={duration}
            onChange={(value) => value && setDuration(value)}
            allowDeselect={false}
            error={errors.duration}
          />
          <Select
            label={t`Provider`}
            data={[
              { value: ANY_PROVIDER, label: t`Any provider` },
              ...providers.map((provider) => ({ value: String(provider.id), label: provider.name })),
            ]}
            value={providerId}
            onChange={(value) => value && setProviderId(value)}
            allowDeselect={false}
            error={errors.providerId}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={writes.invite.isPending}>
            <Trans>Invite to book online</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Sending to one patient: a message, a confirmation request, or an invitation to book online. */
export function SendPanel() {
  const { t } = useLingui();
  const { user } = useAuth();
  const [patientId, setPatientId] = useState('');
  const canSend = can(user, 'communications.send');
  const canConfirm = can(user, 'appointments.confirm');
  const canInvite = can(user, 'appointments.create');
  const inviteDays = PUBLIC_TOKEN_LIFETIME_MS.schedule / DAY_MS;
  return (
    <Stack gap="md">
      <div style={{ maxWidth: 420 }}>
        <PatientSelect value={patientId} onChange={setPatientId} testId="send-patient" />
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {canSend && (
          <Card id="send-message-title" title={t`Message`}>
            <MessageForm patientId={patientId} />
          </Card>
        )}
        <Stack gap="md">
          {canConfirm && (
            <Card id="send-confirmation-title" title={t`Confirmation request`}>
              <Text size="sm" c="dimmed">
                <Trans>The patient gets a link to confirm the appointment or ask for another time.</Trans>
              </Text>
              <ConfirmationForm patientId={patientId} />
            </Card>
          )}
          {canInvite && (
            <Card id="send-invitation-title" title={t`Invitation to book online`}>
              <Text size="sm" c="dimmed">
                <Trans>
                  The patient gets a link, valid {inviteDays} days, to choose a free time for this procedure.
                </Trans>
              </Text>
              <InvitationForm patientId={patientId} />
            </Card>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
