import '@mantine/dates/styles.css';
import { SCHEDULING } from '@dental/domain/constants';
import { timeSlots, type WeeklyHours } from '@dental/domain/practices/hours';
import { ABSENCE_TEXTS } from '@dental/domain/scheduling/absence.schema';
import type { RescheduleAction } from '@dental/domain/scheduling/reschedule-plan';
import { shortDateTime } from '@dental/domain/time/zones';
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
import type { GridRoom, Provider } from '../../scheduling/index.ts';
import { confidencePercent } from '../plans.ts';
import {
  applySuggestion,
  type Drafts,
  draftProblem,
  editGroup,
  type PlanDraft,
  type PlanGroup,
} from './absence-model.ts';

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

const ACTIONS: { value: RescheduleAction; label: string }[] = [
  { value: 'reschedule', label: 'Reschedule' },
  { value: 'reassign', label: 'Reassign' },
  { value: 'cancel', label: 'Cancel' },
];

export function RescheduleOptionsStep(props: Props) {
  if (props.groups.length === 0) {
    return <Text size="sm">Nothing to reschedule: no appointments are affected.</Text>;
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

  function apply(index: number) {
    const suggestion = lead?.suggestions[index];
    if (!suggestion) return;
    onChange(applySuggestion(drafts, group, index));
    notifications.show({
      title: ABSENCE_TEXTS.suggestionApplied,
      message: suggestion.text,
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
                  · {shortDateTime(appointment.appointmentDate, timeZone)} · {appointment.treatmentRoom} ·{' '}
                  {appointment.procedure}
                </Text>
              </Text>
            ))}
            {family && (
              <Badge size="xs" variant="light" mt={2}>
                Family: moves together
              </Badge>
            )}
          </div>
          <SegmentedControl
            size="xs"
            color="var(--mantine-primary-color-filled)"
            aria-label={`Action for ${lead.appointment.patientName}`}
            data={ACTIONS}
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
              Smart suggestions
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
                    {confidencePercent(suggestion.confidence)}
                  </Badge>
                }
                title={suggestion.reasoning}
                onClick={() => apply(index)}
                data-testid="suggestion"
                aria-pressed={draft.applied === index}
              >
                <Text span size="sm" ta="left" truncate>
                  {suggestion.text}
                </Text>
              </Button>
            ))}
          </Stack>
        )}
        {draft.action === 'reschedule' && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            <DateInput
              size="xs"
              label="New date"
              value={draft.newDate || null}
              valueFormat="MMM D, YYYY"
              onChange={(value) => edit({ newDate: value ? value.slice(0, 10) : '' })}
              popoverProps={{ withinPortal: true }}
            />
            <Select
              size="xs"
              label="New time"
              searchable
              data={timeOptions}
              value={draft.newTime || null}
              onChange={(value) => edit({ newTime: value ?? '' })}
              nothingFoundMessage="No time slots"
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              size="xs"
              label="Provider"
              data={providerOptions}
              value={draft.newProviderId || null}
              onChange={(value) => edit({ newProviderId: value ?? '' })}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              size="xs"
              label="Room"
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
            label="New provider"
            data={providerOptions}
            value={draft.newProviderId || null}
            onChange={(value) => edit({ newProviderId: value ?? '' })}
            comboboxProps={{ withinPortal: true }}
            maw={280}
          />
        )}
        {draft.action === 'cancel' && (
          <Text size="sm" c="dimmed">
            The appointment is cancelled with a note giving the absence reason.
          </Text>
        )}
        {problem && (
          <Text size="xs" c="red">
            {problem}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
