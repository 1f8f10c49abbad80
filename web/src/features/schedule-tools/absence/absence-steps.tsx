import '@mantine/dates/styles.css';
import {
  ABSENCE_REASON_LABELS,
  ABSENCE_REASONS,
  type AffectedAppointment,
  absenceReasonLabel,
} from '@dental/domain/scheduling/absence.schema';
import { localTime, longDate, shortDateTime } from '@dental/domain/time/zones';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Radio,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { Provider } from '../../scheduling/index.ts';
import type { Drafts, Lookup, PlanDraft } from './absence-model.ts';

export interface AbsenceDetails {
  reason: string | null;
  startDate: string;
  endDate: string;
  notes: string;
  emergencyContact: string | null;
  notifyPatients: boolean;
}

const REASON_OPTIONS = ABSENCE_REASONS.map((value) => ({ value, label: ABSENCE_REASON_LABELS[value] }));

const dayLabel = (date: string) => longDate(`${date}T12:00:00Z`, 'UTC');

export function ProviderStep(props: {
  providers: readonly Provider[];
  value: string | null;
  error: string | null;
  onChange(value: string): void;
}) {
  return (
    <Radio.Group
      label="Which provider will be absent?"
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
        {props.providers.map((provider) => (
          <Radio.Card key={provider.id} value={String(provider.id)} p="sm" radius="sm">
            <Group wrap="nowrap" gap="sm">
              <Radio.Indicator />
              <span
                aria-hidden="true"
                style={{ width: 10, height: 10, borderRadius: 3, background: provider.color, flex: 'none' }}
              />
              <div>
                <Text size="sm" fw={600}>
                  {provider.name}
                </Text>
                <Text size="xs" c="dimmed" tt="capitalize">
                  {provider.role}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

export function DetailsStep(props: {
  details: AbsenceDetails;
  reasonError: string | null;
  contacts: readonly Provider[];
  onChange(change: Partial<AbsenceDetails>): void;
}) {
  const { details, onChange } = props;
  return (
    <Stack gap="sm">
      <Select
        label="Reason"
        required
        data={REASON_OPTIONS}
        value={details.reason}
        onChange={(value) => onChange({ reason: value })}
        error={props.reasonError}
        comboboxProps={{ withinPortal: true }}
      />
      <Group grow align="flex-start">
        <DateInput
          label="Start date"
          required
          value={details.startDate}
          valueFormat="ddd, MMM D, YYYY"
          onChange={(value) => {
            if (!value) return;
            const startDate = value.slice(0, 10);
            // The end follows a start moved past it, so the range stays valid.
            if (details.endDate < startDate) onChange({ startDate, endDate: startDate });
            else onChange({ startDate });
          }}
          popoverProps={{ withinPortal: true }}
        />
        <DateInput
          label="End date"
          required
          value={details.endDate}
          minDate={details.startDate}
          valueFormat="ddd, MMM D, YYYY"
          onChange={(value) => value && onChange({ endDate: value.slice(0, 10) })}
          popoverProps={{ withinPortal: true }}
        />
      </Group>
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        maxRows={4}
        value={details.notes}
        onChange={(event) => onChange({ notes: event.currentTarget.value })}
      />
      <Select
        label="Emergency contact"
        description="A provider the team can reach about this provider's patients"
        clearable
        data={props.contacts.map((provider) => ({ value: String(provider.id), label: provider.name }))}
        value={details.emergencyContact}
        onChange={(value) => onChange({ emergencyContact: value })}
        nothingFoundMessage="No providers available"
        comboboxProps={{ withinPortal: true }}
      />
      <Switch
        label="Notify patients"
        description="Each affected patient is told about the change to their appointment."
        checked={details.notifyPatients}
        onChange={(event) => onChange({ notifyPatients: event.currentTarget.checked })}
      />
    </Stack>
  );
}

export function ReviewStep(props: { lookup: Lookup; online: boolean; timeZone: string; onRetry(): void }) {
  const { lookup, timeZone } = props;
  if (!props.online && lookup.state !== 'done') {
    return <Text size="sm">The affected appointments are looked up on the server once you are back online.</Text>;
  }
  if (lookup.state === 'idle' || lookup.state === 'loading') {
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">Finding the affected appointments…</Text>
      </Group>
    );
  }
  if (lookup.state === 'failed') {
    return (
      <Alert color="red" variant="light" title="The affected appointments could not be loaded">
        <Text size="sm">{lookup.message}</Text>
        <Button size="xs" mt="xs" variant="default" onClick={props.onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { affected } = lookup.preview;
  if (affected.length === 0) {
    return (
      <Text size="sm" data-testid="no-affected">
        No appointments are booked with this provider on these days. Processing records the absence only.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm">
        {affected.length === 1
          ? '1 appointment is affected (cancelled and completed ones are left out).'
          : `${affected.length} appointments are affected (cancelled and completed ones are left out).`}
      </Text>
      <ScrollArea.Autosize mah={360}>
        <Table striped withTableBorder verticalSpacing={6} data-testid="affected-appointments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Patient</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th>Room</Table.Th>
              <Table.Th>Procedure</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {affected.map(({ appointment, groupId }) => (
              <Table.Tr key={appointment.id} data-appointment-id={appointment.id}>
                <Table.Td>
                  {appointment.patientName}
                  {groupId && (
                    <Badge size="xs" variant="light" ml={6}>
                      Family
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{shortDateTime(appointment.appointmentDate, timeZone)}</Table.Td>
                <Table.Td>{appointment.treatmentRoom}</Table.Td>
                <Table.Td>{appointment.procedure}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function outcome(draft: PlanDraft | undefined, providers: readonly Provider[]): string {
  if (!draft) return '';
  const providerName = providers.find((provider) => String(provider.id) === draft.newProviderId)?.name ?? '';
  if (draft.action === 'cancel') return 'Cancel';
  if (draft.action === 'reassign') return `Reassign to ${providerName}`;
  return `Reschedule to ${dayLabel(draft.newDate)} at ${draft.newTime}${providerName ? ` with ${providerName}` : ''} in ${draft.newRoomId}`;
}

export function ConfirmationStep(props: {
  provider: Provider | null;
  details: AbsenceDetails;
  affected: readonly AffectedAppointment[];
  drafts: Drafts;
  providers: readonly Provider[];
  timeZone: string;
}) {
  const { details, affected, drafts } = props;
  const count = (action: PlanDraft['action']) =>
    affected.filter(({ appointment }) => drafts[appointment.id]?.action === action).length;
  const days =
    details.startDate === details.endDate
      ? dayLabel(details.startDate)
      : `${dayLabel(details.startDate)} to ${dayLabel(details.endDate)}`;
  return (
    <Stack gap="sm" data-testid="absence-summary">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Text size="sm">
          <strong>Provider:</strong> {props.provider?.name}
        </Text>
        <Text size="sm">
          <strong>Reason:</strong> {absenceReasonLabel(details.reason ?? '')}
        </Text>
        <Text size="sm">
          <strong>Days:</strong> {days}
        </Text>
        <Text size="sm">
          <strong>Notify patients:</strong> {details.notifyPatients ? 'Yes' : 'No'}
        </Text>
      </SimpleGrid>
      <Group gap="xs">
        <Badge variant="light">{count('reschedule')} rescheduled</Badge>
        <Badge variant="light" color="grape">
          {count('reassign')} reassigned
        </Badge>
        <Badge variant="light" color="red">
          {count('cancel')} cancelled
        </Badge>
      </Group>
      {affected.length > 0 && (
        <ScrollArea.Autosize mah={300}>
          <Stack gap={4}>
            {affected.map(({ appointment }) => (
              <Text size="sm" key={appointment.id} data-testid="plan-summary">
                {appointment.patientName}, {localTime(appointment.appointmentDate, props.timeZone)}:{' '}
                {outcome(drafts[appointment.id], props.providers)}
              </Text>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Text size="sm" c="dimmed">
        The absence blocks these days for new bookings with this provider. All changes are applied together, or none of
        them.
      </Text>
    </Stack>
  );
}
