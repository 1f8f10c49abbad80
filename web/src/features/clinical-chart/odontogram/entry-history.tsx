import type { ChartEntry } from '@dental/domain/clinical/entry';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Switch, Table, Text } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import { historyOrder } from '../model/chart-model.ts';
import { findingText, statusText } from './describe.ts';
import { statusColour } from './findings.ts';
import classes from './odontogram.module.css';

const PAGE = 40;

/** Every entry, newest first: who charted it, when, at which visit; voided ones struck through with the reason. */
export const EntryHistory = memo(function EntryHistory(props: {
  entries: readonly ChartEntry[];
  tooth: string | null;
  canEdit: boolean;
  formatWhen(instant: string): string;
  visitLabel(appointmentId: string | null): string;
  onVoid(entry: ChartEntry): void;
}) {
  const { t } = useLingui();
  // Off by default: a click on a tooth then redraws no history row (charting quickly stays within a frame).
  const [onlyTooth, setOnlyTooth] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const filtered = props.tooth && onlyTooth;
  const ordered = useMemo(() => historyOrder(props.entries), [props.entries]);
  const rows = filtered ? ordered.filter((entry) => entry.tooth === props.tooth) : ordered;
  return (
    <div className={classes.history}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          <Trans>History</Trans>
        </Text>
        <Switch
          label={props.tooth ? t`Only tooth ${props.tooth}` : t`Only the selected tooth`}
          checked={onlyTooth && Boolean(props.tooth)}
          disabled={!props.tooth}
          onChange={(event) => setOnlyTooth(event.currentTarget.checked)}
        />
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>Nothing charted yet.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t`Chart history`} data-testid="entry-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>When</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Tooth</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Charted</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>By</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Appointment</Trans>
                </Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.slice(0, shown).map((entry) => (
                <EntryRow
                  key={entry.id}
                  entry={entry}
                  canEdit={props.canEdit}
                  formatWhen={props.formatWhen}
                  visitLabel={props.visitLabel}
                  onVoid={props.onVoid}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rows.length > shown && (
        <Button variant="subtle" mt="xs" onClick={() => setShown((count) => count + PAGE)}>
          <Trans>Show more ({rows.length - shown} older)</Trans>
        </Button>
      )}
    </div>
  );
});

/** One entry of the history: drawn once, not again when a newer entry arrives. */
const EntryRow = memo(function EntryRow(props: {
  entry: ChartEntry;
  canEdit: boolean;
  formatWhen(instant: string): string;
  visitLabel(appointmentId: string | null): string;
  onVoid(entry: ChartEntry): void;
}) {
  const { entry } = props;
  return (
    <Table.Tr key={entry.id} data-testid="entry-row" data-voided={entry.voidedAt ? true : undefined}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{props.formatWhen(entry.recordedAt)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {entry.tooth}
        {entry.surfaces.length > 0 && ` ${entry.surfaces.join('')}`}
      </Table.Td>
      <Table.Td>
        <Text size="sm" td={entry.voidedAt ? 'line-through' : undefined}>
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 10,
              height: 10,
              borderRadius: 5,
              marginInlineEnd: 6,
              background: statusColour(entry.status),
            }}
          />
          {findingText(entry)} · {statusText(entry)}
        </Text>
        {entry.voidedAt && (
          <Text size="xs" c="dimmed">
            <Trans>
              Voided by {entry.voidedByName}: {entry.voidReason}
            </Trans>
          </Text>
        )}
      </Table.Td>
      <Table.Td>{entry.recordedByName}</Table.Td>
      <Table.Td>{props.visitLabel(entry.appointmentId)}</Table.Td>
      <Table.Td>
        {props.canEdit && !entry.voidedAt && (
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => props.onVoid(entry)}>
            <Trans>Void</Trans>
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
});
