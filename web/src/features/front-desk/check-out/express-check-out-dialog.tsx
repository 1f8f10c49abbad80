import { CHECKOUT } from '@dental/domain/constants';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { CHECK_OUT_TEXTS } from '@dental/domain/scheduling/check-out';
import { localDate, localTime } from '@dental/domain/time/zones';
import type { LocalAppointment } from '@dental/local-store';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Input, Modal, Rating, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useConnection } from '../../../platform/api/connection.ts';
import { logError } from '../../../platform/errors/log.ts';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';
import type { FormInitial } from '../../scheduling/index.ts';
import { CheckOutResult } from './check-out-result.tsx';
import { type PartOutcome, runCheckOut, runParts } from './check-out-run.ts';
import type { FollowUpRequest } from './follow-up.ts';
import { type PaymentValues, paymentFields } from './payment.ts';
import { PaymentFieldset } from './payment-fieldset.tsx';

interface Props {
  appointment: LocalAppointment | null;
  timeZone: string;
  onClose(): void;
  /** Switches to the four-step Check Out wizard for the same visit. */
  onFullCheckOut(appointment: LocalAppointment): void;
  onBookManually(initial: FormInitial): void;
}

/** Spec 2.13's Express Check-Out modal card, opened from the appointment menu's Check Out. */
export function ExpressCheckOutDialog({ appointment, timeZone, onClose, onFullCheckOut, onBookManually }: Props) {
  const { t } = useLingui();
  return (
    <Modal
      opened={appointment !== null}
      onClose={onClose}
      title={t`Express Check-Out`}
      centered
      size="lg"
      attributes={{ content: { 'data-guide': 'express-check-out' } }}
    >
      {appointment && (
        <ExpressForm
          key={appointment.id}
          appointment={appointment}
          timeZone={timeZone}
          onClose={onClose}
          onFullCheckOut={() => onFullCheckOut(appointment)}
          onBookManually={onBookManually}
        />
      )}
    </Modal>
  );
}

interface FormProps {
  appointment: LocalAppointment;
  timeZone: string;
  onClose(): void;
  onFullCheckOut(): void;
  onBookManually(initial: FormInitial): void;
}

function ExpressForm({ appointment, timeZone, onClose, onFullCheckOut, onBookManually }: FormProps) {
  const { t } = useLingui();
  const formats = useFormats();
  const local = useLocalData();
  const { online } = useConnection();
  const [treatmentCompleted, setTreatmentCompleted] = useState(true);
  const [payment, setPayment] = useState<PaymentValues>({
    paymentCollected: false,
    paymentAmount: '',
    paymentMethod: null,
  });
  const [satisfaction, setSatisfaction] = useState(0);
  const [bookNext, setBookNext] = useState(false);
  const [weeks, setWeeks] = useState(String(CHECKOUT.expressNextAppointmentDefaultWeeks));
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<PartOutcome[] | null>(null);

  const visitDate = localDate(appointment.appointmentDate, timeZone);
  const visitTime = localTime(appointment.appointmentDate, timeZone);
  const followUp: FollowUpRequest = {
    patientId: appointment.patientId,
    providerId: appointment.providerId,
    treatmentRoom: appointment.treatmentRoom,
    date: addDays(visitDate, Number(weeks) * 7),
    time: visitTime,
    duration: CHECKOUT.followUpDefaultDurationMinutes,
    procedure: 'Follow-up',
    notes: null,
  };

  async function submit() {
    if (!local.store) return;
    setBusy(true);
    try {
      const result = await runCheckOut(local.store, timeZone, {
        appointmentId: appointment.id,
        patientId: appointment.patientId,
        details: {
          treatmentCompleted,
          ...(satisfaction > 0 ? { patientSatisfaction: satisfaction } : {}),
          ...(notes.trim() ? { notes: notes.trim() } : {}),
          ...paymentFields(online, payment),
        },
        followUp: bookNext ? followUp : null,
        recalls: [],
        survey: null,
      });
      if (!result.completed) {
        toast(
          domainText(CHECK_OUT_TEXTS.expressFailedTitle),
          domainText(CHECK_OUT_TEXTS.expressFailedMessage),
          'error',
        );
        return;
      }
      local.afterWrite();
      const patientName = appointment.patientName;
      toast(domainText(CHECK_OUT_TEXTS.expressSuccess), t`${patientName} is checked out.`, 'success');
      if (result.outcomes.some((outcome) => !outcome.ok)) setOutcomes(result.outcomes);
      else onClose();
    } catch (error) {
      logError(CHECK_OUT_TEXTS.expressFailedMessage, error);
      toast(domainText(CHECK_OUT_TEXTS.expressFailedTitle), domainText(CHECK_OUT_TEXTS.expressFailedMessage), 'error');
    } finally {
      setBusy(false);
    }
  }

  async function retry() {
    if (!local.store) return;
    setBusy(true);
    try {
      const again = await runParts(local.store, timeZone, {
        patientId: appointment.patientId,
        followUp,
        recalls: [],
        survey: null,
      });
      local.afterWrite();
      setOutcomes(again);
    } finally {
      setBusy(false);
    }
  }

  if (outcomes) {
    return (
      <CheckOutResult
        patientName={appointment.patientName}
        outcomes={outcomes}
        retrying={busy}
        onRetry={() => void retry()}
        onBookManually={() => {
          onClose();
          onBookManually({
            date: followUp.date,
            time: followUp.time,
            room: followUp.treatmentRoom,
            patientId: followUp.patientId,
            procedure: followUp.procedure,
          });
        }}
        onClose={onClose}
      />
    );
  }

  const patientName = appointment.patientName;
  const procedure = appointment.procedure;
  const provider = appointment.providerName;
  const nextDate = formats.longDate(followUp.date);
  const nextTime = formats.clock(followUp.time);
  return (
    <Stack gap="md">
      <Text size="sm">
        <Trans>
          <b>{patientName}</b> · {procedure} with {provider}
        </Trans>
      </Text>
      <Checkbox
        label={t`Treatment completed`}
        checked={treatmentCompleted}
        onChange={(event) => setTreatmentCompleted(event.currentTarget.checked)}
      />
      <PaymentFieldset
        online={online}
        values={payment}
        onChange={(patch) => setPayment((current) => ({ ...current, ...patch }))}
      />
      <div>
        <Input.Label labelElement="div" id="express-satisfaction">
          <Trans>Patient satisfaction</Trans>
        </Input.Label>
        <Rating
          value={satisfaction}
          onChange={setSatisfaction}
          count={CHECKOUT.satisfactionMax}
          size="lg"
          aria-labelledby="express-satisfaction"
          getSymbolLabel={(value) => plural(value, { one: '# star', other: '# stars' })}
        />
      </div>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Checkbox
          label={t`Book next appointment`}
          checked={bookNext}
          onChange={(event) => setBookNext(event.currentTarget.checked)}
          mb={8}
        />
        <Select
          label={t`Next appointment in`}
          data={CHECKOUT.expressNextAppointmentWeeks.map((count) => ({
            value: String(count),
            label: plural(count, { one: '# week', other: '# weeks' }),
          }))}
          value={weeks}
          onChange={(value) => value && setWeeks(value)}
          disabled={!bookNext}
          w={170}
          comboboxProps={{ withinPortal: true }}
        />
        {bookNext && (
          <Text size="sm" c="dimmed" mb={8}>
            <Trans>
              {nextDate} at {nextTime}
            </Trans>
          </Text>
        )}
      </Group>
      <Textarea
        label={t`Quick notes`}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
        maxLength={2000}
        autosize
        minRows={2}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="outline" onClick={onFullCheckOut}>
          <Trans>Full Check-Out</Trans>
        </Button>
        <Button onClick={() => void submit()} loading={busy}>
          <Trans>Express Check-Out</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
