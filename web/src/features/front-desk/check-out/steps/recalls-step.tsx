import { CHECKOUT } from '@dental/domain/constants';
import { localDate, longDate } from '@dental/domain/time/zones';
import { Checkbox, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { dueDateOf, RECALL_LABELS, type RecallPresetKey } from '../check-out-values.ts';
import type { StepProps } from './step-parts.tsx';

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
