import { SYNCED_TABLES } from '@dental/domain/sync/protocol';
import { formatCount, SYNCED_TABLE_LABELS } from '@dental/domain/sync/table-labels';
import { type FillState, fillTotals } from '@dental/local-store';
import { Progress, Table, Text } from '@mantine/core';

/** Records received and the total, overall and per table, of a first fill or a catch-up. */
export function FillProgress({ fill }: { fill: FillState }) {
  const { received, total } = fillTotals(fill);
  const rows = SYNCED_TABLES.flatMap((table) => {
    const progress = fill.tables[table];
    return progress && progress.total > 0 ? [{ table, ...progress }] : [];
  });
  const percent = total > 0 ? Math.round((received / total) * 100) : 0;
  return (
    <>
      <Progress
        value={percent}
        size="lg"
        animated={received < total || total === 0}
        aria-label="Records received on this device"
        aria-valuetext={total > 0 ? `${formatCount(received)} of ${formatCount(total)} records` : 'Starting'}
      />
      <Text size="sm" data-testid="fill-total">
        {total > 0
          ? `${formatCount(received)} of ${formatCount(total)} records received`
          : 'Asking the server what to send…'}
      </Text>
      {rows.length > 0 && (
        <Table withRowBorders={false} verticalSpacing={2} data-testid="fill-tables">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.table} data-table={row.table}>
                <Table.Td>{SYNCED_TABLE_LABELS[row.table]}</Table.Td>
                <Table.Td ta="right">
                  {formatCount(row.received)} of {formatCount(row.total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}

/** A few words for the footer, where a tablet has little room: "Preparing 45%". */
export function fillLabel(fill: FillState): string {
  const { received, total } = fillTotals(fill);
  const kind = fill.phase === 'catch-up' ? 'Updating' : 'Preparing';
  return total > 0 ? `${kind} ${Math.floor((received / total) * 100)}%` : kind;
}

/** The same in full, for the badge's title and screen readers. */
export function fillDescription(fill: FillState): string {
  const { received, total } = fillTotals(fill);
  const kind = fill.phase === 'catch-up' ? 'Bringing this device up to date' : 'Preparing this device';
  return total > 0 ? `${kind}: ${formatCount(received)} of ${formatCount(total)} records received` : kind;
}
