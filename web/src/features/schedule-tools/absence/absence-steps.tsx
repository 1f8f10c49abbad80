import '@mantine/dates/styles.css';
import {
  ABSENCE_REASON_LABELS,
  ABSENCE_REASONS,
  type AffectedAppointment,
  absenceReasonLabel,
} from '@dental/domain/scheduling/absence.schema';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { KeyboardScrollArea } from '../../../platform/a11y/keyboard-scroll-area.tsx';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { type Formats, useFormats } from '../../../platform/i18n/formats.ts';
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

/** The staff roles a provider card names (lower case, capitalized by the card). */
const ROLE_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  admin: msg`admin`,
  doctor: msg`doctor`,
  dentist: msg`dentist`,
  hygienist: msg`hygienist`,
  assistant: msg`assistant`,
  dental_assistant: msg`dental_assistant`,
  receptionist: msg`receptionist`,
  staff: msg`staff`,
};

/** Dates typed in the pickers: the day, month and year in each language's order. */
export function dateInputProps(formats: Formats, withWeekday: boolean) {
  const french = formats.language === 'fr';
  const format = french ? 'D MMM YYYY' : 'MMM D, YYYY';
  return {
    locale: french ? 'fr-ca' : 'en',
    valueFormat: withWeekday ? (french ? `ddd ${format}` : `ddd, ${format}`) : format,
  };
}

export function ProviderStep(props: {
  providers: readonly Provider[];
  value: string | null;
  error: string | null;
  onChange(value: string): void;
}) {
  const { t, i18n } = useLingui();
  const role = (value: string) => {
    const name = ROLE_NAMES[value];
    return name ? i18n._(name) : value;
  };
  return (
    <Radio.Group
      label={t`Which provider will be absent?`}
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
                  {role(provider.role)}
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
  const { t } = useLingui();
  const formats = useFormats();
  const reasonOptions = ABSENCE_REASONS.map((value) => ({ value, label: domainText(ABSENCE_REASON_LABELS[value]) }));
  const dates = dateInputProps(formats, true);
  return (
    <Stack gap="sm">
      <Select
        label={t`Reason`}
        required
        data={reasonOptions}
        value={details.reason}
        onChange={(value) => onChange({ reason: value })}
        error={props.reasonError}
        comboboxProps={{ withinPortal: true }}
      />
      <Group grow align="flex-start">
        <DateInput
          label={t`Start date`}
          required
          value={details.startDate}
          {...dates}
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
          label={t`End date`}
          required
          value={details.endDate}
          minDate={details.startDate}
          {...dates}
          onChange={(value) => value && onChange({ endDate: value.slice(0, 10) })}
          popoverProps={{ withinPortal: true }}
        />
      </Group>
      <Textarea
        label={t`Notes`}
        autosize
        minRows={2}
        maxRows={4}
        value={details.notes}
        onChange={(event) => onChange({ notes: event.currentTarget.value })}
      />
      <Select
        label={t`Emergency contact`}
        description={t`A provider the team can reach about this provider's patients`}
        clearable
        data={props.contacts.map((provider) => ({ value: String(provider.id), label: provider.name }))}
        value={details.emergencyContact}
        onChange={(value) => onChange({ emergencyContact: value })}
        nothingFoundMessage={t`No providers available`}
        comboboxProps={{ withinPortal: true }}
      />
      <Switch
        label={t`Notify patients`}
        description={t`Each affected patient is told about the change to their appointment.`}
        checked={details.notifyPatients}
        onChange={(event) => onChange({ notifyPatients: event.currentTarget.checked })}
      />
    </Stack>
  );
}

export function ReviewStep(props: { lookup: Lookup; online: boolean; timeZone: string; onRetry(): void }) {
  const { lookup, timeZone } = props;
  const { t } = useLingui();
  const formats = useFormats();
  if (!props.online && lookup.state !== 'done') {
    return (
      <Text size="sm">
        <Trans>The affected appointments are looked up on the server once you are back online.</Trans>
      </Text>
    );
  }
  if (lookup.state === 'idle' || lookup.state === 'loading') {
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">
          <Trans>Finding the affected appointments…</Trans>
        </Text>
      </Group>
    );
  }
  if (lookup.state === 'failed') {
    return (
      <Alert color="red" variant="light" title={t`The affected appointments could not be loaded`}>
        <Text size="sm">{domainText(lookup.message)}</Text>
        <Button size="xs" mt="xs" variant="default" onClick={props.onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }
  const { affected } = lookup.preview;
  if (affected.length === 0) {
    return (
      <Text size="sm" data-testid="no-affected">
        <Trans>No appointments are booked with this provider on these days. Processing records the absence only.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm">
        {plural(affected.length, {
          one: '# appointment is affected (cancelled and completed ones are left out).',
          other: '# appointments are affected (cancelled and completed ones are left out).',
        })}
      </Text>
      <KeyboardScrollArea mah={360}>
        <Table striped withTableBorder verticalSpacing={6} data-testid="affected-appointments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Patient</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>When</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Room</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Procedure</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {affected.map(({ appointment, groupId }) => (
              <Table.Tr key={appointment.id} data-appointment-id={appointment.id}>
                <Table.Td>
                  {appointment.patientName}
                  {groupId && (
                    <Badge size="xs" variant="light" ml={6}>
                      <Trans>Family</Trans>
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{formats.instantShort(appointment.appointmentDate, timeZone)}</Table.Td>
                <Table.Td>{appointment.treatmentRoom}</Table.Td>
                <Table.Td>{appointment.procedure}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </KeyboardScrollArea>
    </Stack>
  );
}

function useOutcome(providers: readonly Provider[]) {
  const { t } = useLingui();
  const formats = useFormats();
  return (draft: PlanDraft | undefined): string => {
    if (!draft) return '';
    const providerName = providers.find((provider) => String(provider.id) === draft.newProviderId)?.name ?? '';
    if (draft.action === 'cancel') return t`Cancel`;
    if (draft.action === 'reassign') return t`Reassign to ${providerName}`;
    const day = formats.longDate(draft.newDate);
    const time = formats.clock(draft.newTime);
    const room = draft.newRoomId;
    return providerName
      ? t`Reschedule to ${day} at ${time} with ${providerName} in ${room}`
      : t`Reschedule to ${day} at ${time} in ${room}`;
  };
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
  const { t } = useLingui();
  const formats = useFormats();
  const outcome = useOutcome(props.providers);
  const count = (action: PlanDraft['action']) =>
    affected.filter(({ appointment }) => drafts[appointment.id]?.action === action).length;
  const start = formats.longDate(details.startDate);
  const end = formats.longDate(details.endDate);
  const days = details.startDate === details.endDate ? start : t`${start} to ${end}`;
  const providerName = props.provider?.name;
  const reason = domainText(absenceReasonLabel(details.reason ?? ''));
  const notify = details.notifyPatients ? t`Yes` : t`No`;
  const rescheduled = count('reschedule');
  const reassigned = count('reassign');
  const cancelled = count('cancel');
  return (
    <Stack gap="sm" data-testid="absence-summary">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Text size="sm">
          <Trans>
            <strong>Provider:</strong> {providerName}
          </Trans>
        </Text>
        <Text size="sm">
          <Trans>
            <strong>Reason:</strong> {reason}
          </Trans>
        </Text>
        <Text size="sm">
          <Trans>
            <strong>Days:</strong> {days}
          </Trans>
        </Text>
        <Text size="sm">
          <Trans>
            <strong>Notify patients:</strong> {notify}
          </Trans>
        </Text>
      </SimpleGrid>
      <Group gap="xs">
        <Badge variant="light">
          <Trans>{rescheduled} rescheduled</Trans>
        </Badge>
        <Badge variant="light" color="grape">
          <Trans>{reassigned} reassigned</Trans>
        </Badge>
        <Badge variant="light" color="red">
          <Trans>{cancelled} cancelled</Trans>
        </Badge>
      </Group>
      {affected.length > 0 && (
        <KeyboardScrollArea mah={300}>
          <Stack gap={4}>
            {affected.map(({ appointment }) => (
              <Text size="sm" key={appointment.id} data-testid="plan-summary">
                {appointment.patientName}, {formats.instantTime(appointment.appointmentDate, props.timeZone)}:{' '}
                {outcome(drafts[appointment.id])}
              </Text>
            ))}
          </Stack>
        </KeyboardScrollArea>
      )}
      <Text size="sm" c="dimmed">
        <Trans>
          The absence blocks these days for new bookings with this provider. All changes are applied together, or none
          of them.
        </Trans>
      </Text>
    </Stack>
  );
}
