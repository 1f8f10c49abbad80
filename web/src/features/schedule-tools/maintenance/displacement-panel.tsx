import type { Appointment } from '@dental/domain/scheduling/appointment';
import { MAINTENANCE_TEXTS } from '@dental/domain/scheduling/maintenance.schema';
import type { SmartSuggestion } from '@dental/domain/scheduling/reschedule-plan';
import type { MaintenanceInput } from '@dental/local-store';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError, apiRequest } from '../../../platform/api/api.ts';
import { useConnection } from '../../../platform/api/connection.ts';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';
import { planFromSuggestion } from '../plans.ts';

interface Affected {
  appointment: Appointment;
  suggestions: SmartSuggestion[];
}

interface Props {
  payload: MaintenanceInput;
  /** The appointments this device found in the way. */
  appointments: readonly Appointment[];
  /** Set when editing: the window itself is left out of the server's look-up. */
  editingId: string | null;
  timeZone: string;
  onSaved(): void;
}

export const OFFLINE_DISPLACEMENT = msg`Moving these appointments needs a connection. Choose another time or room, or try again when you are back online.`;

function patientOf(appointment: Appointment): string {
  return appointment.patientName || `${appointment.patient.firstName} ${appointment.patient.lastName}`;
}

/**
 * A maintenance window over booked appointments (spec 2.14): lists them, and, with a connection,
 * offers the server's free slots for each and saves the window and the moves in one request, so the
 * room is never double booked in between.
 */
export function DisplacementPanel({ payload, appointments, editingId, timeZone, onSaved }: Props) {
  const { t, i18n } = useLingui();
  const formats = useFormats();
  const local = useLocalData();
  const { online } = useConnection();
  const [affected, setAffected] = useState<Affected[] | null>(null);
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!online) return;
    let current = true;
    setFailure(null);
    apiRequest<{ affected: Affected[] }>('/api/maintenance-schedules/preview', {
      method: 'POST',
      body: {
        roomId: payload.roomId,
        startDateTime: payload.startDateTime,
        endDateTime: payload.endDateTime,
        ...(editingId ? { excludeId: editingId } : {}),
      },
    })
      .then((result) => {
        if (!current) return;
        setAffected(result.affected);
        setChosen(Object.fromEntries(result.affected.map((entry) => [entry.appointment.id, 0])));
      })
      .catch((error: unknown) => {
        if (current) setFailure(error instanceof Error ? error.message : t`Could not look up free slots.`);
      });
    return () => {
      current = false;
    };
  }, [online, payload, editingId, t]);

  const listed = affected?.map((entry) => entry.appointment) ?? appointments;
  const movable = affected?.every((entry) => entry.suggestions.length > 0) ?? false;

  async function saveWithMoves() {
    if (!affected) return;
    const displace = affected.map(({ appointment, suggestions }) => {
      const suggestion = suggestions[chosen[appointment.id] ?? 0] ?? suggestions[0];
      const patient = patientOf(appointment);
      if (!suggestion) throw new Error(t`No free slot for ${patient}.`);
      return planFromSuggestion(appointment.id, suggestion);
    });
    setBusy(true);
    setFailure(null);
    try {
      if (editingId) {
        await apiRequest(`/api/maintenance-schedules/${editingId}`, { method: 'PUT', body: { ...payload, displace } });
      } else {
        const id = payload.id ?? crypto.randomUUID();
        await apiRequest('/api/maintenance-schedules', { method: 'POST', body: { ...payload, id, displace } });
      }
      toast(domainText(editingId ? MAINTENANCE_TEXTS.updated : MAINTENANCE_TEXTS.scheduled), payload.title, 'success');
      void local.syncNow();
      onSaved();
    } catch (error) {
      const message =
        error instanceof ApiError || error instanceof Error
          ? error.message
          : editingId
            ? MAINTENANCE_TEXTS.updateFailed
            : MAINTENANCE_TEXTS.scheduleFailed;
      setFailure(message);
      toast(domainText(MAINTENANCE_TEXTS.errorTitle), domainText(message), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Alert
      color="orange"
      variant="light"
      title={domainText(MAINTENANCE_TEXTS.conflictMessage)}
      data-testid="displacement-panel"
    >
      <Stack gap="xs">
        {listed.map((appointment) => {
          const entry = affected?.find((item) => item.appointment.id === appointment.id);
          const patientName = patientOf(appointment);
          return (
            <Stack key={appointment.id} gap={4} data-testid="displaced-appointment">
              <Text size="sm" fw={600}>
                {patientOf(appointment)} · {formats.instantTime(appointment.appointmentDate, timeZone)} ·{' '}
                {appointment.providerName}
              </Text>
              {entry && entry.suggestions.length === 0 && (
                <Text size="sm" c="red">
                  <Trans>No free slot was found for this appointment.</Trans>
                </Text>
              )}
              {entry && entry.suggestions.length > 0 && (
                <Radio.Group
                  aria-label={t`New time for ${patientName}`}
                  value={String(chosen[appointment.id] ?? 0)}
                  onChange={(value) => setChosen((current) => ({ ...current, [appointment.id]: Number(value) }))}
                >
                  <Stack gap={4}>
                    {entry.suggestions.map((suggestion, index) => (
                      <Radio
                        key={`${suggestion.type}-${suggestion.newDate}-${suggestion.newTime}-${suggestion.newRoomId}`}
                        value={String(index)}
                        label={`${domainText(suggestion.text)} (${formats.percent(suggestion.confidence)})`}
                        description={domainText(suggestion.reasoning)}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            </Stack>
          );
        })}
        {!online && <Text size="sm">{i18n._(OFFLINE_DISPLACEMENT)}</Text>}
        {online && affected === null && !failure && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">
              <Trans>Looking for free slots…</Trans>
            </Text>
          </Group>
        )}
        {failure && (
          <Text size="sm" c="red" role="alert">
            {domainText(failure)}
          </Text>
        )}
        {online && affected !== null && (
          <Group>
            <Button size="xs" color="orange" loading={busy} disabled={!movable} onClick={() => void saveWithMoves()}>
              {plural(affected.length, {
                one: 'Move # appointment and save',
                other: 'Move # appointments and save',
              })}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
