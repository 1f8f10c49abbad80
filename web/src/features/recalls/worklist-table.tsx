import { formatPhone } from '@dental/domain/patients/phone';
import { CONTACT_OUTCOMES, type ContactOutcome, type WorklistRow } from '@dental/domain/recalls/worklist';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Checkbox, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { IconCalendarPlus, IconChevronDown } from '@tabler/icons-react';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { useFormats } from '../../platform/i18n/formats.ts';
import { OUTCOME_LABELS, PREFERENCE_LABELS } from './recall-labels.ts';

interface Props {
  rows: readonly WorklistRow[];
  smart: boolean;
  selected: ReadonlySet<string>;
  onSelect(recallIds: readonly string[], on: boolean): void;
  canLog: boolean;
  canBook: boolean;
  onLog(row: WorklistRow, outcome: ContactOutcome): void;
  onBook(row: WorklistRow): void;
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function Reasons({ row }: { row: WorklistRow }) {
  if (!row.rank || row.rank.reasons.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {row.rank.reasons.map((reason) => (
        <Text key={reason.factor} size="xs">
          {domainText(reason.text)}{' '}
          <Text span fw={700} size="xs" style={NO_WRAP}>
            +{reason.points}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/** The worklist's rows: who to contact and how, what is due, what was tried last, and the actions. */
export function WorklistTable({ rows, smart, selected, onSelect, canLog, canBook, onLog, onBook }: Props) {
  const { t, i18n } = useLingui();
  const formats = useFormats();
  const all = rows.length > 0 && rows.every((row) => selected.has(row.recall.id));
  const some = rows.some((row) => selected.has(row.recall.id));

  return (
    <Table.ScrollContainer minWidth={680}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label={t`Select all recalls`}
                checked={all}
                indeterminate={some && !all}
                onChange={(event) =>
                  onSelect(
                    rows.map((row) => row.recall.id),
                    event.currentTarget.checked,
                  )
                }
              />
            </Table.Th>
            {smart && (
              <Table.Th>
                <Trans>Score</Trans>
              </Table.Th>
            )}
            <Table.Th>
              <Trans>Patient</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Recall</Trans>
            </Table.Th>
            {!smart && (
              <Table.Th>
                <Trans>Overdue</Trans>
              </Table.Th>
            )}
            {!smart && (
              <Table.Th>
                <Trans>Last contact</Trans>
              </Table.Th>
            )}
            {smart && (
              <Table.Th miw={190}>
                <Trans>Why</Trans>
              </Table.Th>
            )}
            <Table.Th>
              <Trans>Actions</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const name = `${row.patient.firstName} ${row.patient.lastName}`;
            const days = row.overdueDays;
            const preference = i18n._(PREFERENCE_LABELS[row.patient.contactPreference]);
            return (
              <Table.Tr key={row.recall.id} data-recall={row.recall.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={t`Select ${name}`}
                    checked={selected.has(row.recall.id)}
                    onChange={(event) => onSelect([row.recall.id], event.currentTarget.checked)}
                  />
                </Table.Td>
                {smart && (
                  <Table.Td>
                    <Text fw={700} size="lg">
                      {row.rank?.score ?? 0}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed" style={NO_WRAP}>
                    {formatPhone(row.patient.phone)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {preference}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.recall.recallTypeName}</Text>
                  <Text size="xs" c="dimmed" style={NO_WRAP}>
                    <Trans>Due {formats.mediumDate(row.dueDate)}</Trans>
                  </Text>
                  {smart && row.lastContact && (
                    <Text size="xs" c="dimmed">
                      {i18n._(OUTCOME_LABELS[row.lastContact.outcome])},{' '}
                      {formats.mediumDate(row.lastContact.at.slice(0, 10))}
                    </Text>
                  )}
                </Table.Td>
                {!smart && (
                  <>
                    <Table.Td>
                      {days > 0 ? (
                        <Text size="sm" fw={600} c="var(--mantine-color-red-text)" style={NO_WRAP}>
                          {t`${days} days`}
                        </Text>
                      ) : (
                        <Text size="sm" c="dimmed" style={NO_WRAP}>
                          <Trans>Not yet</Trans>
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {row.lastContact ? (
                        <>
                          <Text size="sm">{i18n._(OUTCOME_LABELS[row.lastContact.outcome])}</Text>
                          <Text size="xs" c="dimmed" style={NO_WRAP}>
                            {formats.mediumDate(row.lastContact.at.slice(0, 10))}
                          </Text>
                        </>
                      ) : (
                        <Text size="sm" c="dimmed">
                          <Trans>None</Trans>
                        </Text>
                      )}
                    </Table.Td>
                  </>
                )}
                {smart && (
                  <Table.Td>
                    <Reasons row={row} />
                  </Table.Td>
                )}
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {row.booked ? (
                      <Badge color="green" variant="light" data-booked="true">
                        <Trans>Booked</Trans>
                      </Badge>
                    ) : (
                      canBook && (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconCalendarPlus size={14} />}
                          aria-label={t`Book ${name}`}
                          onClick={() => onBook(row)}
                        >
                          <Trans>Book</Trans>
                        </Button>
                      )
                    )}
                    {canLog && (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <Button
                            size="xs"
                            variant="default"
                            rightSection={<IconChevronDown size={14} />}
                            aria-label={t`Log outcome for ${name}`}
                          >
                            <Trans>Log</Trans>
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {CONTACT_OUTCOMES.map((outcome) => (
                            <Menu.Item key={outcome} onClick={() => onLog(row, outcome)}>
                              {i18n._(OUTCOME_LABELS[outcome])}
                            </Menu.Item>
                          ))}
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
