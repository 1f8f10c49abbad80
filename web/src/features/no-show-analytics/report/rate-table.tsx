import type { NoShowTally } from '@dental/domain/scheduling/no-show-report';
import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Progress, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormats } from '../../../platform/i18n/formats.ts';

export interface RateRow extends NoShowTally {
  key: string;
  label: ReactNode;
  /** The label as plain words, for the bar's accessible name. */
  name: string;
}

/**
 * One breakdown of the no-show rate as bars with the figures beside them: a bar's length is the row's
 * rate against the highest rate shown, so small differences stay visible.
 */
export function RateTable({ title, heading, rows }: { title: string; heading: string; rows: readonly RateRow[] }) {
  const { t } = useLingui();
  const { percent, number } = useFormats();
  const highest = Math.max(...rows.map((row) => row.rate), 0);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>No appointments with a known outcome in this range.</Trans>
        </Text>
      ) : (
        <Table verticalSpacing={4} horizontalSpacing="xs" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="30%">{heading}</Table.Th>
              <Table.Th>
                <Trans>No-show rate</Trans>
              </Table.Th>
              <Table.Th w={64} ta="right">
                <Trans>Rate</Trans>
              </Table.Th>
              <Table.Th w={104} ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Trans>No-shows</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const name = row.name;
              const rate = percent(row.rate);
              return (
                <Table.Tr key={row.key}>
                  <Table.Td style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {row.label}
                  </Table.Td>
                  <Table.Td>
                    <Progress
                      value={highest > 0 ? (row.rate / highest) * 100 : 0}
                      color="orange.8"
                      size="lg"
                      aria-label={t`${name}: no-show rate ${rate}`}
                    />
                  </Table.Td>
                  <Table.Td ta="right">{rate}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {`${number(row.noShows)} / ${number(row.total)}`}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
