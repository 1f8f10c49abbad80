import '@mantine/dates/styles.css';
import { SCHEDULING } from '@dental/domain/constants';
import { timeSlots, type WeeklyHours } from '@dental/domain/practices/hours';
import { ABSENCE_TEXTS } from '@dental/domain/scheduling/absence.schema';
import type { RescheduleAction } from '@dental/domain/scheduling/reschedule-plan';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Card,
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconSparkles } from '@tabler/icons-react';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../platform/i18n/formats.ts';
import type { GridRoom, Provider } from '../../scheduling/index.ts';
import {
  applySuggestion,
  type Drafts,
  draftProblem,
  editGroup,
  type PlanDraft,
  type PlanGroup,
} from './absence-model.ts';
import { dateInputProps } from './absence-steps.tsx';

interface Props {
  groups: readonly PlanGroup[];
  drafts: Drafts;
  absentId: number;
  providers: readonly Provider[];
  rooms: readonly GridRoom[];
  hours: WeeklyHours | null;
  timeZone: string;
  onChange(drafts: Drafts): void;
}

/** draftProblem's words (English, as the model and its test have them) as people read them. */
const PROBLEMS: Readonly<Record<string, MessageDescriptor>> = {
  'Choose a new date and time.': msg`Choose a new date and time.`,
  'Choose another provider.': msg`Choose another provider.`,
};

const ACTIONS: { value: RescheduleAction; label: MessageDescriptor }[] = [
  { value: 'reschedule', label: msg`Reschedule` },
  { value: 'reassign', label: msg`Reassign` },
  { value: 'cancel', label: msg`Cancel` },
];

export function RescheduleOptionsStep(props: Props) {
  if (props.groups.length === 0) {
    return (
      <Text size="sm">
        <Trans>Nothing to reschedule: no appointments are affected.</Trans>
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah="60vh" offsetScrollbars>
      <Stack gap="sm">
        {props.groups.map((group) => (
          <PlanCard key={group.key} group={group} {...props} />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

function PlanCard({
  group,
  drafts,
  absentId,
  providers,
  rooms,
  hours,
  timeZone,
  onChange,
}: Props & { group: PlanGroup }) {
  const { t, i18n } = useLingui();
  const formats = useFormats();
  const [lead] = group.members;
  if (!lead) return null;
  const draft = drafts[lead.appointment.id] as PlanDraft | undefined;
  if (!draft) return null;
  const problem = draftProblem(draft, absentId);
  const others = providers.filter((provider) => provider.id !== absentId);
  const providerOptions = (draft.action === 'reassign' ? others : providers).map((provider) => ({
    value: String(provider.id),
    label: provider.name,
  }));
  const slots = hours && draft.newDate ? timeSlots(hours, draft.newDate, SCHEDULING.durationStepMinutes) : [];
  const timeOptions = draft.newTime && !slots.includes(draft.newTime) ? [draft.newTime, ...slots].sort() : slots;
  const edit = (change: Partial<Omit<PlanDraft, 'applied'>>) => onChange(editGroup(drafts, group, change));
  const family = group.members.length > 1;
  const patientName = lead.appointment.patientName;

  function apply(index: number) {
    const suggestion = lead?.suggestions[index];
    if (!suggestion) return;
    onChange(applySuggestion(drafts, group, index));
    notifications.show({
      title: domainText(ABSENCE_TEXTS.suggestionApplied),
      message: domainText(suggestion.text),
      color: 'teal',
      autoClose: SCHEDULING.suggestionToastMs,
      withBorder: true,
    });
  }

  return (
    <Card withBorder padding="sm" radius="sm" data-testid="plan-card" data-appointment-id={lead.appointment.id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            {group.members.map(({ appointment }) => (
              <Text size="sm" fw={600} key={appointment.id}>
                {appointment.patientName}{' '}
                <Text span size="sm" fw={400} c="dimmed">
                  · {formats.instantShort(appointment.appointmentDate, timeZone)} · {appointment.treatmentRoom} ·{' '}
                  {appointment.procedure}
                </Text>
              </Text>
            ))}
            {family && (
              <Badge size="xs" variant="light" mt={2}>
                <Trans>Family: moves together</Trans>
              </Badge>
            )}
          </div>
          <SegmentedControl
            size="xs"
            color="var(--mantine-primary-color-filled)"
            aria-label={t`Action for ${patientName}`}
            data={ACTIONS.map((action) => ({ value: action.value, label: i18n._(action.label) }))}
            value={draft.action}
            onChange={(value) => {
              const action = value as RescheduleAction;
              // A reassignment must name someone other than the absent provider.
              const keepsProvider = action !== 'reassign' || Number(draft.newProviderId) !== absentId;
              edit({ action, ...(keepsProvider ? {} : { newProviderId: '' }) });
            }}
          />
        </Group>
        {lead.suggestions.length > 0 && draft.action !== 'cancel' && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              <Trans>Smart suggestions</Trans>
            </Text>
            {lead.suggestions.map((suggestion, index) => (
              <Button
                key={`${suggestion.type}-${suggestion.newDate}-${suggestion.newTime}-${suggestion.newRoomId}`}
                variant={draft.applied === index ? 'light' : 'default'}
                size="compact-sm"
                justify="space-between"
                fullWidth
                // The text reads from the left, the confidence sits at the right edge.
                styles={{ label: { flex: 1 } }}
                leftSection={<IconSparkles size={14} aria-hidden="true" />}
                rightSection={
                  <Badge size="sm" variant="outline">
                    {formats.percent(suggestion.confidence)}
                  </Badge>
                }
                title={domainText(suggestion.reasoning)}
                onClick={() => apply(index)}
                data-testid="suggestion"
                aria-pressed={draft.applied === index}
              >
                <Text span size="sm" ta="left" truncate>
                  {domainText(suggestion.text)}
                </Text>
              </Button>
            ))}
          </Stack>
        )}
        {draft.action === 'reschedule' && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            <DateInput
              size="xs"
              label={t`New date`}
              value={draft.newDate || null}
              {...dateInputProps(formats, false)}
              onChange={(value) => edit({ newDate: value ? value.slice(0, 10) : '' })}
              popoverProps={{ withinPortal: true }}
            />
            <Select
              size="xs"
              label={t`New time`}
              searchable
              data={timeOptions}
              value={draft.newTime || null}
              onChange={(value) => edit({ newTime: value ?? '' })}
              nothingFoundMessage={t`No time slots`}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              size="xs"
              label={t`Provider`}
              data={providerOptions}
              value={draft.newProviderId || null}
              onChange={(value) => edit({ newProviderId: value ?? '' })}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              size="xs"
              label={t`Room`}
              data={rooms.map((room) => room.code)}
              value={draft.newRoomId || null}
              onChange={(value) => edit({ newRoomId: value ?? '' })}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
        )}
        {draft.action === 'reassign' && (
          <Select
            size="xs"
            label={t`New provider`}
            data={providerOptions}
            value={draft.newProviderId || null}
            onChange={(value) => edit({ newProviderId: value ?? '' })}
            comboboxProps={{ withinPortal: true }}
            maw={280}
          />
        )}
        {draft.action === 'cancel' && (
          <Text size="sm" c="dimmed">
            <Trans>The appointment is cancelled with a note giving the absence reason.</Trans>
          </Text>
        )}
        {problem && (
          <Text size="xs" c="red">
            {PROBLEMS[problem] ? i18n._(PROBLEMS[problem]) : problem}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
