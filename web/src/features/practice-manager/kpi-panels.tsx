import type { KpiFigures, PracticeKpis } from '@dental/domain/reports/kpis';
import { PAYMENT_METHOD_TEXTS } from '@dental/domain/scheduling/front-desk-labels';
import { useLingui } from '@lingui/react/macro';
import { BarChart, DonutChart } from '@mantine/charts';
import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { sayValue } from '../../platform/i18n/domain-text.ts';
import { useFormats } from '../../platform/i18n/formats.ts';
import { CHART_COLOURS } from './chart-colours.ts';

/** Axis and legend text in the scheme's own text colour: the default dimmed grey is too faint for small text. */
const TEXT_COLOUR = 'var(--mantine-color-text)';

interface Figure {
  label: string;
  value: string;
  detail?: string | undefined;
}

/** The figures as a description list: each label with its value, which the chart beside them draws. */
function Figures({ figures }: { figures: Figure[] }) {
  return (
    <Stack component="dl" gap={6} miw={150} m={0}>
      {figures.map((figure) => (
        <div key={figure.label}>
          <Text component="dt" size="sm">
            {figure.label}
          </Text>
          <Text component="dd" fw={700} size="lg" lh={1.2} m={0}>
            {figure.value}
            {figure.detail ? (
              <Text span size="sm" fw={400} ml={6}>
                {figure.detail}
              </Text>
            ) : null}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" py="xl" ta="center">
      {children}
    </Text>
  );
}

function Panel({ title, chart, figures }: { title: string; chart: ReactNode; figures: Figure[] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <div style={{ flex: 1, minWidth: 0 }}>{chart}</div>
        <Figures figures={figures} />
      </Group>
    </Paper>
  );
}

function usePercent() {
  const { percent } = useFormats();
  return (ratio: number | null) => (ratio === null ? '–' : percent(ratio));
}

/** A share shown beside its count, left out when there is nothing to share. */
function useShare() {
  const { percent } = useFormats();
  return (ratio: number | null) => (ratio === null ? undefined : percent(ratio));
}

function AppointmentsPanel({ figures }: { figures: KpiFigures }) {
  const { t } = useLingui();
  const { number } = useFormats();
  const share = useShare();
  const a = figures.appointments;
  const series = [
    { name: 'booked', label: t`Booked`, color: CHART_COLOURS.booked },
    { name: 'completed', label: t`Completed`, color: CHART_COLOURS.completed },
    { name: 'cancelled', label: t`Cancelled`, color: CHART_COLOURS.cancelled },
    { name: 'noShow', label: t`No-show`, color: CHART_COLOURS.noShow },
  ];
  return (
    <Panel
      title={t`Appointments`}
      chart={
        <BarChart
          h={220}
          data={[
            {
              label: t`Appointments`,
              booked: a.booked,
              completed: a.completed,
              cancelled: a.cancelled,
              noShow: a.noShow,
            },
          ]}
          dataKey="label"
          series={series}
          withLegend
          textColor={TEXT_COLOUR}
          valueFormatter={number}
        />
      }
      figures={[
        { label: t`Booked`, value: number(a.booked) },
        { label: t`Completed`, value: number(a.completed), detail: share(a.completedRate) },
        { label: t`Cancelled`, value: number(a.cancelled), detail: share(a.cancelledRate) },
        { label: t`No-show`, value: number(a.noShow), detail: share(a.noShowRate) },
      ]}
    />
  );
}

function UtilisationPanel({ figures, practices }: { figures: KpiFigures; practices: PracticeKpis[] }) {
  const { t } = useLingui();
  const { number } = useFormats();
  const rate = usePercent();
  const u = figures.utilisation;
  // One practice: a bar per room. Several: a bar per practice, since room names repeat from one to the next.
  const bars =
    practices.length > 1
      ? practices.map((p) => ({ label: p.practiceName, utilisation: p.utilisation.utilisation ?? 0 }))
      : u.rooms.map((room) => ({ label: room.name, utilisation: room.utilisation ?? 0 }));
  return (
    <Panel
      title={t`Chair utilisation`}
      chart={
        <BarChart
          h={Math.max(160, bars.length * 30 + 40)}
          data={bars}
          dataKey="label"
          orientation="vertical"
          yAxisProps={{ width: 120 }}
          // The whole of the open time, so rooms and practices read against the same 0 to 100% scale.
          xAxisProps={{ domain: [0, 1], ticks: [0, 0.25, 0.5, 0.75, 1] }}
          series={[{ name: 'utilisation', label: t`Utilisation`, color: CHART_COLOURS.utilisation }]}
          textColor={TEXT_COLOUR}
          valueFormatter={(value) => rate(value)}
          withBarValueLabel
        />
      }
      figures={[
        { label: t`Utilisation`, value: rate(u.utilisation) },
        { label: t`Booked hours`, value: number(Math.round(u.bookedMinutes / 60)) },
        { label: t`Open chair hours`, value: number(Math.round(u.openMinutes / 60)) },
      ]}
    />
  );
}

function PaymentsPanel({ figures }: { figures: KpiFigures }) {
  const { t } = useLingui();
  const { money, number } = useFormats();
  const p = figures.payments;
  const methodName = (method: string | null) => (method ? sayValue(PAYMENT_METHOD_TEXTS, method) : t`Not given`);
  return (
    <Panel
      title={t`Payments collected at check-out`}
      chart={
        p.count === 0 ? (
          <Empty>{t`No payments were collected at check-out in this range.`}</Empty>
        ) : (
          <BarChart
            h={200}
            data={p.byMethod.map((entry) => ({ label: methodName(entry.method), amount: entry.amount }))}
            dataKey="label"
            series={[{ name: 'amount', label: t`Collected`, color: CHART_COLOURS.payments }]}
            textColor={TEXT_COLOUR}
            valueFormatter={money}
            yAxisProps={{ width: 80 }}
          />
        )
      }
      figures={[
        { label: t`Collected`, value: money(p.total) },
        { label: t`Payments`, value: number(p.count) },
      ]}
    />
  );
}

function PatientsAndRecallsPanel({ figures }: { figures: KpiFigures }) {
  const { t } = useLingui();
  const { number } = useFormats();
  const rate = usePercent();
  const share = useShare();
  const r = figures.recalls;
  return (
    <Panel
      title={t`New patients and recall compliance`}
      chart={
        r.due === 0 ? (
          <Empty>{t`No recalls were due in this range.`}</Empty>
        ) : (
          <DonutChart
            h={180}
            size={150}
            thickness={24}
            data={[
              { name: t`Kept`, value: r.kept, color: CHART_COLOURS.recallsKept },
              { name: t`Not kept`, value: r.due - r.kept, color: CHART_COLOURS.recallsMissed },
            ]}
            chartLabel={rate(r.rate)}
            valueFormatter={number}
            withTooltip
          />
        )
      }
      figures={[
        { label: t`New patients`, value: number(figures.newPatients) },
        { label: t`Recalls due`, value: number(r.due) },
        { label: t`Recalls kept`, value: number(r.kept), detail: share(r.rate) },
      ]}
    />
  );
}

/** The charts of one practice, or of several added up, each with its figures beside it. */
export function KpiPanels({ figures, practices }: { figures: KpiFigures; practices: PracticeKpis[] }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <AppointmentsPanel figures={figures} />
      <UtilisationPanel figures={figures} practices={practices} />
      <PaymentsPanel figures={figures} />
      <PatientsAndRecallsPanel figures={figures} />
    </SimpleGrid>
  );
}

/** Every practice of an "all my practices" report on one line each, then their total. */
export function PracticeTable({ practices, total }: { practices: PracticeKpis[]; total: KpiFigures }) {
  const { t } = useLingui();
  const { money, number } = useFormats();
  const rate = usePercent();
  const row = (key: string, name: string, figures: KpiFigures, bold = false) => (
    <Table.Tr key={key} fw={bold ? 700 : undefined}>
      <Table.Th scope="row">{name}</Table.Th>
      <Table.Td>{number(figures.appointments.booked)}</Table.Td>
      <Table.Td>{rate(figures.appointments.completedRate)}</Table.Td>
      <Table.Td>{rate(figures.appointments.cancelledRate)}</Table.Td>
      <Table.Td>{rate(figures.appointments.noShowRate)}</Table.Td>
      <Table.Td>{rate(figures.utilisation.utilisation)}</Table.Td>
      <Table.Td>{money(figures.payments.total)}</Table.Td>
      <Table.Td>{number(figures.newPatients)}</Table.Td>
      <Table.Td>{rate(figures.recalls.rate)}</Table.Td>
    </Table.Tr>
  );
  return (
    <Paper withBorder p="md" radius="md">
      <Table.ScrollContainer minWidth={760}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Practice`}</Table.Th>
              <Table.Th>{t`Booked`}</Table.Th>
              <Table.Th>{t`Completed`}</Table.Th>
              <Table.Th>{t`Cancelled`}</Table.Th>
              <Table.Th>{t`No-show`}</Table.Th>
              <Table.Th>{t`Utilisation`}</Table.Th>
              <Table.Th>{t`Collected`}</Table.Th>
              <Table.Th>{t`New patients`}</Table.Th>
              <Table.Th>{t`Recalls kept`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {practices.map((p) => row(String(p.practiceId), p.practiceName, p))}
            {row('total', t`All practices`, total, true)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
