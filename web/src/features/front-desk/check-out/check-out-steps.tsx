import type { SurveyMethod } from '@dental/domain/communications/survey.schema';
import { CHECKOUT, DEFAULTS } from '@dental/domain/constants';
import { formatClockTime } from '@dental/domain/scheduling/conflicts';
import { labelOf, PAYMENT_METHOD_LABELS, SURVEY_METHOD_LABELS } from '@dental/domain/scheduling/front-desk-labels';
import { instantAt, localDate, longDate } from '@dental/domain/time/zones';
import type { LocalAppointment } from '@dental/local-store';
import {
  Alert,
  Checkbox,
  Group,
  Input,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import type { ReactNode } from 'react';
import type { GridRoom, Provider } from '../../scheduling/index.ts';
import {
  dueDateOf,
  type FollowUpValues,
  RATING_LABELS,
  RECALL_LABELS,
  type RecallPresetKey,
  type VisitRating,
  type WizardValues,
} from './check-out-values.ts';
import { PAYMENT_OFFLINE_TEXT } from './payment.ts';
import { PaymentFieldset } from './payment-fieldset.tsx';

type Change = (update: (values: WizardValues) => WizardValues) => void;

interface StepProps {
  appointment: LocalAppointment;
  values: WizardValues;
  onChange: Change;
  timeZone: string;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function visitTimes(appointment: LocalAppointment, timeZone: string): string {
  const start = formatClockTime(appointment.appointmentDate, timeZone);
  const end = formatClockTime(
    new Date(Date.parse(appointment.appointmentDate) + appointment.duration * 60_000).toISOString(),
    timeZone,
  );
  return `${start} – ${end} (${appointment.duration} min)`;
}

function money(value: number | string): string {
  return (typeof value === 'number' ? value : 0).toLocaleString(DEFAULTS.currencyLocale, {
    style: 'currency',
    currency: DEFAULTS.currency,
  });
}

/** Step 1: the visit as it happened, treatment notes and payment. */
export function SummaryStep({ appointment, values, onChange, timeZone, online }: StepProps & { online: boolean }) {
  const setPayment = (patch: Partial<WizardValues['payment']>) =>
    onChange((current) => ({ ...current, payment: { ...current.payment, ...patch } }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Fact label="Patient">{appointment.patientName}</Fact>
        <Fact label="Procedure">{appointment.procedure}</Fact>
        <Fact label="Provider">{appointment.providerName}</Fact>
        <Fact label="Date">{longDate(appointment.appointmentDate, timeZone)}</Fact>
        <Fact label="Time">{visitTimes(appointment, timeZone)}</Fact>
        <Fact label="Checked in">
          {appointment.arrivalTime ??
            (appointment.checkedInAt ? formatClockTime(appointment.checkedInAt, timeZone) : '—')}
          {` · ${appointment.treatmentRoom}`}
        </Fact>
      </SimpleGrid>
      <Checkbox
        label="Treatment completed"
        checked={values.treatmentCompleted}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          onChange((current) => ({ ...current, treatmentCompleted: checked }));
        }}
      />
      <Textarea
        label="Treatment notes"
        value={values.notes}
        onChange={(event) => {
          const notes = event.currentTarget.value;
          onChange((current) => ({ ...current, notes }));
        }}
        maxLength={2000}
        autosize
        minRows={2}
        maxRows={6}
      />
      <PaymentFieldset online={online} values={values.payment} onChange={setPayment} />
    </Stack>
  );
}

interface FollowUpProps extends StepProps {
  today: string;
  providers: readonly Provider[];
  /** The chosen provider when they may take follow-ups (spec 6: doctor or hygienist), else null. */
  providerId: string | null;
  rooms: readonly GridRoom[];
  times: readonly string[];
  /** Days the practice is closed, greyed out in the calendar. */
  closedOn(date: string): boolean;
  /** Why the chosen slot cannot be booked (booking rules or spec 8's conflict text); null when it can. */
  problem: string | null;
}

/** Step 2: an optional follow-up visit, checked against the schedule before it is booked. */
export function FollowUpStep({
  values,
  onChange,
  today,
  providers,
  providerId,
  rooms,
  times,
  closedOn,
  problem,
}: FollowUpProps) {
  const followUp = values.followUp;
  const set = (patch: Partial<FollowUpValues>) =>
    onChange((current) => ({ ...current, followUp: { ...current.followUp, ...patch } }));
  return (
    <Stack gap="md">
      <Switch
        label="Schedule a follow-up appointment"
        checked={followUp.enabled}
        onChange={(event) => set({ enabled: event.currentTarget.checked })}
      />
      {followUp.enabled && (
        <Group align="flex-start" gap="lg" wrap="wrap">
          <div>
            <Input.Label labelElement="div" mb={4} id="follow-up-date-label">
              Date
            </Input.Label>
            <DatePicker
              aria-labelledby="follow-up-date-label"
              value={followUp.date}
              onChange={(value) => value && set({ date: value.slice(0, 10) })}
              minDate={today}
              previousLabel="Previous month"
              nextLabel="Next month"
              // Weekends in red and other months' days in grey fall below contrast; closed days are disabled anyway.
              weekendDays={[]}
              hideOutsideDates
              excludeDate={(day) => closedOn(day.slice(0, 10))}
              defaultDate={followUp.date}
              size="sm"
            />
          </div>
          <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
            <Group grow>
              <Select
                label="Time"
                data={times.length > 0 ? [...times] : [followUp.time]}
                value={followUp.time}
                onChange={(time) => time && set({ time })}
                allowDeselect={false}
                searchable
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label="Duration"
                data={CHECKOUT.followUpDurationsMinutes.map((minutes) => ({
                  value: String(minutes),
                  label: `${minutes} min`,
                }))}
                value={followUp.duration}
                onChange={(duration) => duration && set({ duration })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
            <Select
              label="Provider"
              data={providers.map((provider) => ({ value: String(provider.id), label: provider.name }))}
              value={providerId}
              onChange={(chosen) => set({ providerId: chosen ?? '' })}
              placeholder={providers.length === 0 ? 'No providers available' : 'Choose a doctor or hygienist'}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Room"
              data={rooms.map((room) => ({
                value: room.code,
                label: room.name === room.code ? room.code : `${room.code} · ${room.name}`,
              }))}
              value={followUp.room}
              onChange={(room) => set({ room: room ?? '' })}
              placeholder={rooms.length === 0 ? 'No rooms available' : 'Choose a room'}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label="Procedure"
              value={followUp.procedure}
              onChange={(event) => set({ procedure: event.currentTarget.value })}
              maxLength={200}
            />
            <Textarea
              label="Notes"
              value={followUp.notes}
              onChange={(event) => set({ notes: event.currentTarget.value })}
              maxLength={2000}
              autosize
              minRows={1}
            />
          </Stack>
        </Group>
      )}
      {followUp.enabled && problem && (
        <Alert color="red" title="Time Slot Unavailable" data-testid="follow-up-problem">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}

/** Step 3: recalls from the spec 9 presets, due from the visit date. */
export function RecallsStep({
  appointment,
  values,
  onChange,
  timeZone,
  available,
}: StepProps & { available: Record<RecallPresetKey, boolean> }) {
  const visitDate = localDate(appointment.appointmentDate, timeZone);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Choose the recalls to set. Due dates count from the visit on {longDate(appointment.appointmentDate, timeZone)}.
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" aria-label="Recall presets">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Recall</Table.Th>
              <Table.Th>Due</Table.Th>
              <Table.Th>Priority</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CHECKOUT.recallPresets.map((preset) => {
              const choice = values.recalls[preset.key];
              const interval = preset.months > 0 ? `${preset.months} months` : `${preset.weeks} weeks`;
              return (
                <Table.Tr key={preset.key}>
                  <Table.Td>
                    <Checkbox
                      label={`${RECALL_LABELS[preset.key]} (${interval})`}
                      description={available[preset.key] ? undefined : 'No such recall type on this device yet'}
                      checked={choice.chosen}
                      onChange={(event) => {
                        const chosen = event.currentTarget.checked;
                        onChange((current) => ({
                          ...current,
                          recalls: { ...current.recalls, [preset.key]: { ...current.recalls[preset.key], chosen } },
                        }));
                      }}
                    />
                  </Table.Td>
                  <Table.Td>{dueDateOf(preset.key, visitDate)}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`${RECALL_LABELS[preset.key]} priority`}
                      data={['low', 'normal', 'medium', 'high', 'urgent']}
                      value={choice.priority}
                      onChange={(priority) =>
                        priority &&
                        onChange((current) => ({
                          ...current,
                          recalls: { ...current.recalls, [preset.key]: { ...current.recalls[preset.key], priority } },
                        }))
                      }
                      allowDeselect={false}
                      w={120}
                      size="xs"
                      comboboxProps={{ withinPortal: true }}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Textarea
        label="Recall notes"
        value={values.recallNotes}
        onChange={(event) => {
          const recallNotes = event.currentTarget.value;
          onChange((current) => ({ ...current, recallNotes }));
        }}
        maxLength={2000}
        autosize
        minRows={1}
      />
    </Stack>
  );
}

interface ReviewProps extends StepProps {
  online: boolean;
  providers: readonly Provider[];
}

/** Step 4: everything that will be recorded, the survey and the visit rating. */
export function ReviewStep({ appointment, values, onChange, timeZone, online, providers }: ReviewProps) {
  const visitDate = localDate(appointment.appointmentDate, timeZone);
  const chosen = CHECKOUT.recallPresets.filter((preset) => values.recalls[preset.key].chosen);
  const followUp = values.followUp;
  const provider = providers.find((entry) => String(entry.id) === followUp.providerId);
  const payment = values.payment;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label="Visit">
          {appointment.patientName} · {appointment.procedure} · {appointment.providerName}
        </Fact>
        <Fact label="Treatment">{values.treatmentCompleted ? 'Completed' : 'Not completed'}</Fact>
        <Fact label="Payment">
          {!online
            ? PAYMENT_OFFLINE_TEXT
            : payment.paymentCollected
              ? `${money(payment.paymentAmount)}${payment.paymentMethod ? ` by ${labelOf(PAYMENT_METHOD_LABELS, payment.paymentMethod)}` : ''}`
              : 'Not collected'}
        </Fact>
        <Fact label="Follow-up">
          {followUp.enabled
            ? `${longDate(instantAt(followUp.date, followUp.time, timeZone), timeZone)} at ${followUp.time}, ${followUp.duration} min, ${provider?.name ?? 'no provider'}, ${followUp.room}`
            : 'None'}
        </Fact>
        <Fact label="Recalls">
          {chosen.length === 0
            ? 'None'
            : chosen
                .map(
                  (preset) =>
                    `${RECALL_LABELS[preset.key]} due ${dueDateOf(preset.key, visitDate)} (${values.recalls[preset.key].priority})`,
                )
                .join(', ')}
        </Fact>
        <Fact label="Treatment notes">{values.notes.trim() || 'None'}</Fact>
      </SimpleGrid>
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Switch
          label="Send satisfaction survey"
          checked={values.survey}
          onChange={(event) => {
            const survey = event.currentTarget.checked;
            onChange((current) => ({ ...current, survey }));
          }}
        />
        <div>
          <Input.Label labelElement="div" id="survey-method-label">
            Survey method
          </Input.Label>
          <SegmentedControl
            aria-labelledby="survey-method-label"
            data={CHECKOUT.surveyMethods.map((method) => ({ value: method, label: SURVEY_METHOD_LABELS[method] }))}
            value={values.surveyMethod}
            onChange={(value) => onChange((current) => ({ ...current, surveyMethod: value as SurveyMethod }))}
            disabled={!values.survey}
          />
        </div>
      </Group>
      <div>
        <Input.Label labelElement="div" id="visit-rating-label">
          Visit rating
        </Input.Label>
        <SegmentedControl
          aria-labelledby="visit-rating-label"
          data={CHECKOUT.fullCheckoutSatisfaction.map((rating) => ({ value: rating, label: RATING_LABELS[rating] }))}
          value={values.visitRating ?? ''}
          onChange={(value) => onChange((current) => ({ ...current, visitRating: value as VisitRating }))}
          fullWidth
        />
      </div>
    </Stack>
  );
}
