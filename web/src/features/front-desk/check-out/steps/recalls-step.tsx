import { CHECKOUT } from '@dental/domain/constants';
import { RECALL_PRIORITIES, RECALL_PRIORITY_TEXTS } from '@dental/domain/patients/recall.schema';
import { localDate } from '@dental/domain/time/zones';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { say } from '../../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../../platform/i18n/formats.ts';
import { RECALL_NAMES } from '../check-out-labels.ts';
import { dueDateOf, type RecallPresetKey } from '../check-out-values.ts';
import type { StepProps } from './step-parts.tsx';

/** Step 3: recalls from the spec 9 presets, due from the visit date. */
export function RecallsStep({
  appointment,
  values,
  onChange,
  timeZone,
  available,
}: StepProps & { available: Record<RecallPresetKey, boolean> }) {
  const { t, i18n } = useLingui();
  const formats = useFormats();
  const visitDate = localDate(appointment.appointmentDate, timeZone);
  const visitDay = formats.instantLongDate(appointment.appointmentDate, timeZone);
  const priorities = RECALL_PRIORITIES.map((value) => ({ value, label: say(RECALL_PRIORITY_TEXTS[value]) }));
  return (
    <Stack gap="md" data-guide="check-out-recalls">
      <Text size="sm" c="dimmed">
        <Trans>Choose the recalls to set. Due dates count from the visit on {visitDay}.</Trans>
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" aria-label={t`Recall presets`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Recall</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Due</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Priority</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CHECKOUT.recallPresets.map((preset) => {
              const choice = values.recalls[preset.key];
              const interval =
                preset.months > 0
                  ? plural(preset.months, { one: '# month', other: '# months' })
                  : plural(preset.weeks, { one: '# week', other: '# weeks' });
              const name = i18n._(RECALL_NAMES[preset.key]);
              return (
                <Table.Tr key={preset.key}>
                  <Table.Td>
                    <Checkbox
                      label={`${name} (${interval})`}
                      description={available[preset.key] ? undefined : t`No such recall type on this device yet`}
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
                  <Table.Td>{formats.mediumDate(dueDateOf(preset.key, visitDate))}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t`${name} priority`}
                      data={priorities}
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
        label={t`Recall notes`}
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
