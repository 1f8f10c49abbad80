import { CHECKOUT } from '@dental/domain/constants';
import { CHECK_IN_TEXTS, CHECK_IN_VERIFICATIONS, fullCheckInAllowed } from '@dental/domain/scheduling/check-in';
import { labelOf, WAITING_AREA_LABELS } from '@dental/domain/scheduling/front-desk-labels';
import { localTime } from '@dental/domain/time/zones';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Input, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { logError } from '../../../platform/errors/log.ts';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';
import type { GridAppointment } from '../../scheduling/index.ts';

type Verification = (typeof CHECK_IN_VERIFICATIONS)[number]['field'];
type Checks = Record<Verification, boolean>;

const NONE_CHECKED = Object.fromEntries(CHECK_IN_VERIFICATIONS.map((item) => [item.field, false])) as Checks;

interface Props {
  appointment: GridAppointment | null;
  timeZone: string;
  onClose(): void;
}

/** Spec 2.12's Quick Check-In modal card, opened from the appointment menu's Check In. */
export function QuickCheckInDialog({ appointment, timeZone, onClose }: Props) {
  const { t } = useLingui();
  return (
    <Modal
      opened={appointment !== null}
      onClose={onClose}
      title={t`Quick Check-In`}
      centered
      size="lg"
      attributes={{ content: { 'data-guide': 'check-in-form' } }}
    >
      {appointment && (
        <CheckInForm key={appointment.id} appointment={appointment} timeZone={timeZone} onClose={onClose} />
      )}
    </Modal>
  );
}

function CheckInForm({
  appointment,
  timeZone,
  onClose,
}: {
  appointment: GridAppointment;
  timeZone: string;
  onClose(): void;
}) {
  const { t } = useLingui();
  const formats = useFormats();
  const local = useLocalData();
  // The practice's clock, not the device's: the two differ when the device is set to another zone.
  const [arrivalTime, setArrivalTime] = useState(() => localTime(new Date(), timeZone));
  const [waitingArea, setWaitingArea] = useState<string>(CHECKOUT.waitingAreas[0]);
  const [checks, setChecks] = useState<Checks>(NONE_CHECKED);
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const complete = fullCheckInAllowed(checks);
  const optionalLabel = (label: string) => t`${label} (optional)`;
  const validTime = /^([01]\d|2[0-3]):[0-5]\d$/.test(arrivalTime);

  async function submit() {
    if (!local.store || !validTime) return;
    setBusy(true);
    try {
      await local.store.appointments.checkIn(appointment.id, {
        arrivalTime,
        waitingArea,
        checkInNotes: notes.trim() || null,
        ...checks,
      });
      local.afterWrite();
      const missing = CHECK_IN_VERIFICATIONS.filter((item) => item.required && !checks[item.field]);
      const patientName = appointment.patientName;
      const area = domainText(labelOf(WAITING_AREA_LABELS, waitingArea));
      const items = missing.map((item) => domainText(item.label).toLowerCase()).join(', ');
      toast(
        domainText(CHECK_IN_TEXTS.success),
        missing.length > 0
          ? translate`${patientName} is waiting in the ${area}. Still to verify: ${items}.`
          : translate`${patientName} is waiting in the ${area}.`,
        'success',
      );
      onClose();
    } catch (error) {
      logError(CHECK_IN_TEXTS.internal, error);
      toast(domainText(CHECK_IN_TEXTS.failedTitle), domainText(CHECK_IN_TEXTS.failedMessage), 'error');
    } finally {
      setBusy(false);
    }
  }

  const patientName = appointment.patientName;
  const time = formats.instantTime(appointment.appointmentDate, timeZone);
  const provider = appointment.providerName;
  const room = appointment.treatmentRoom;
  return (
    <Stack gap="md">
      <Text size="sm">
        <Trans>
          <b>{patientName}</b> · {time} with {provider} in {room}
        </Trans>
      </Text>
      <Group grow align="flex-start">
        <TimeInput
          label={t`Arrival time`}
          value={arrivalTime}
          onChange={(event) => setArrivalTime(event.currentTarget.value)}
          error={validTime ? undefined : t`Enter the arrival time as HH:MM`}
          required
        />
        <Select
          label={t`Waiting area`}
          data={CHECKOUT.waitingAreas.map((area) => ({ value: area, label: domainText(WAITING_AREA_LABELS[area]) }))}
          value={waitingArea}
          onChange={(value) => value && setWaitingArea(value)}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <Stack gap="xs" role="group" aria-label={t`Verifications`}>
        <Input.Label labelElement="div">
          <Trans>Verifications</Trans>
        </Input.Label>
        {CHECK_IN_VERIFICATIONS.map((item) => (
          <Checkbox
            key={item.field}
            label={item.required ? domainText(item.label) : optionalLabel(domainText(item.label))}
            checked={checks[item.field]}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setChecks((current) => ({ ...current, [item.field]: checked }));
            }}
          />
        ))}
      </Stack>
      <Textarea
        label={t`Special instructions`}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
        maxLength={1000}
        autosize
        minRows={2}
      />
      {!complete && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          {domainText(CHECK_IN_TEXTS.warning)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="outline" onClick={() => void submit()} loading={busy}>
          <Trans>Quick Check-In</Trans>
        </Button>
        <Button onClick={() => void submit()} loading={busy} disabled={!complete}>
          <Trans>Complete Check-In</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
