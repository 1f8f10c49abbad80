import { SYNCED_TABLES } from '@dental/domain/sync/protocol';
import { SYNCED_TABLE_LABELS } from '@dental/domain/sync/table-labels';
import { type FillState, fillTotals } from '@dental/local-store';
import { t } from '@lingui/core/macro';
import { Progress, Table, Text } from '@mantine/core';
import { domainText } from '../i18n/domain-text.ts';
import { formats, useFormats } from '../i18n/formats.ts';

/** Records received and the total, overall and per table, of a first fill or a catch-up. */
export function FillProgress({ fill }: { fill: FillState }) {
  // useFormats re-renders this with the language, so `t` reads the language shown.
  const { number } = useFormats();
  const totals = fillTotals(fill);
  const received = number(totals.received);
  const total = number(totals.total);
  const rows = SYNCED_TABLES.flatMap((table) => {
    const progress = fill.tables[table];
    return progress && progress.total > 0 ? [{ table, ...progress }] : [];
  });
  const percent = totals.total > 0 ? Math.round((totals.received / totals.total) * 100) : 0;
  return (
    <>
      {/* The bar itself is the progressbar, so it may say what it counts (axe: aria-allowed-attr). */}
      <Progress.Root
        size="lg"
        role="progressbar"
        aria-label={t`Records received on this device`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={totals.total > 0 ? t`${received} of ${total} records` : t`Starting`}
      >
        <Progress.Section
          value={percent}
          withAria={false}
          animated={totals.received < totals.total || totals.total === 0}
        />
      </Progress.Root>
      <Text size="sm" data-testid="fill-total">
        {totals.total > 0 ? t`${received} of ${total} records received` : t`Asking the server what to send…`}
      </Text>
      {rows.length > 0 && (
        <Table withRowBorders={false} verticalSpacing={2} data-testid="fill-tables">
          <Table.Tbody>
            {rows.map((row) => {
              const tableReceived = number(row.received);
              const tableTotal = number(row.total);
              return (
                <Table.Tr key={row.table} data-table={row.table}>
                  <Table.Td>{domainText(SYNCED_TABLE_LABELS[row.table])}</Table.Td>
                  <Table.Td ta="right">{t`${tableReceived} of ${tableTotal}`}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}

/** A few words for the footer, where a tablet has little room: "Preparing 45%". */
export function fillLabel(fill: FillState): string {
  const { received, total } = fillTotals(fill);
  const catchUp = fill.phase === 'catch-up';
  if (total === 0) return catchUp ? t`Updating` : t`Preparing`;
  const percent = formats().percent(Math.floor((received / total) * 100) / 100);
  return catchUp ? t`Updating ${percent}` : t`Preparing ${percent}`;
}

/** The same in full, for the badge's title and screen readers. */
export function fillDescription(fill: FillState): string {
  const totals = fillTotals(fill);
  const catchUp = fill.phase === 'catch-up';
  if (totals.total === 0) return catchUp ? t`Bringing this device up to date` : t`Preparing this device`;
  const received = formats().number(totals.received);
  const total = formats().number(totals.total);
  return catchUp
    ? t`Bringing this device up to date: ${received} of ${total} records received`
    : t`Preparing this device: ${received} of ${total} records received`;
}
