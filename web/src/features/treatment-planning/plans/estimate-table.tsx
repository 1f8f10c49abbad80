import { type Estimate, type PlanPhase, planEstimate } from '@dental/domain/clinical/plans';
import { Trans, useLingui } from '@lingui/react/macro';
import { Table } from '@mantine/core';
import { useFormats } from '../../../platform/i18n/formats.ts';

/** The patient-portion estimate: each phase, then the whole plan. Fees are in cents. */
export function EstimateTable({ phases }: { phases: readonly PlanPhase[] }) {
  const { t } = useLingui();
  const { money } = useFormats();
  const estimate = planEstimate({ phases: [...phases] });
  const cells = (row: Estimate) => (
    <>
      <Table.Td ta="right">{money(row.total / 100)}</Table.Td>
      <Table.Td ta="right">{money(row.insurance / 100)}</Table.Td>
      <Table.Td ta="right">{money(row.patient / 100)}</Table.Td>
    </>
  );
  return (
    // The amounts keep to one line: narrower than them (200% zoom), the table scrolls in its own box.
    <Table.ScrollContainer minWidth={440}>
      <Table aria-label={t`Estimate`} data-testid="plan-estimate" withTableBorder style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Phase</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Total</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Insurance (estimated)</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Patient portion</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {estimate.phases.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: phases have no id; their order is their identity
            <Table.Tr key={index}>
              <Table.Td style={{ whiteSpace: 'normal' }}>{phases[index]?.name}</Table.Td>
              {cells(row)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700} data-testid="estimate-total">
            <Table.Td>
              <Trans>Plan total</Trans>
            </Table.Td>
            {cells(estimate.total)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
