import {
  PLAN_STATUS_TEXTS,
  PLAN_STATUSES,
  type PlanStatus,
  planEstimate,
  planStatus,
  type TreatmentPlan,
} from '@dental/domain/clinical/plans';
import { can } from '@dental/domain/permissions/can';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconBulb, IconClipboardHeart, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useAuth } from '../../../platform/auth/auth-context.tsx';
import { say } from '../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { useFees, usePlans } from '../device/use-clinical.ts';
import { PatientPicker, usePatientName, usePatientNames } from '../shared/patient-picker.tsx';
import { PlanEditor } from './plan-editor.tsx';
import { PLAN_STATUS_COLOURS } from './plan-model.ts';

export interface TreatmentPlansQuery {
  patientId?: string | undefined;
  /** A plan of the patient, or 'new' for one being written. */
  planId?: string | undefined;
}

/** /treatment-plans: the practice's plans, or one patient's plans and the plan open among them. */
export function TreatmentPlansPage({
  query,
  onQueryChange,
}: {
  query: TreatmentPlansQuery;
  onQueryChange: (next: TreatmentPlansQuery) => void;
}) {
  const { t } = useLingui();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>
          <Trans>Treatment Plans</Trans>
        </Title>
        <PatientPicker
          label={t`Patient`}
          value={query.patientId}
          onChange={(patientId) => onQueryChange({ patientId })}
        />
      </Group>
      {query.patientId ? (
        <PatientPlans
          key={query.patientId}
          patientId={query.patientId}
          planId={query.planId}
          onOpen={(planId) => onQueryChange({ patientId: query.patientId, planId })}
        />
      ) : (
        <PracticePlans onOpen={(plan) => onQueryChange({ patientId: plan.patientId, planId: plan.id })} />
      )}
    </Stack>
  );
}

function PracticePlans({ onOpen }: { onOpen: (plan: TreatmentPlan) => void }) {
  const { t } = useLingui();
  const { money, mediumDate } = useFormats();
  const { timezone } = useLocalData();
  const plans = usePlans();
  const names = usePatientNames();
  const [filter, setFilter] = useState<PlanStatus | null>(null);
  const now = useMemo(() => new Date(), []);
  const rows = useMemo(
    () =>
      (plans ?? [])
        .map((plan) => ({ plan, status: planStatus(plan, now), estimate: planEstimate(plan).total }))
        .filter((row) => filter === null || row.status === filter),
    [plans, filter, now],
  );
  if (plans === undefined) return <Loader aria-label={t`Loading treatment plans`} />;
  const day = (instant: string) =>
    mediumDate(new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date(instant)));
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" size="sm">
          <Trans>Choose a patient to write a plan, or open one of the practice's plans.</Trans>
        </Text>
        <Select
          label={t`Status`}
          placeholder={t`All statuses`}
          clearable
          data={PLAN_STATUSES.map((status) => ({ value: status, label: say(PLAN_STATUS_TEXTS[status]) }))}
          value={filter}
          onChange={(value) => setFilter(value as PlanStatus | null)}
          w={200}
        />
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">
          <Trans>No treatment plans.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640} maxHeight="calc(100dvh - 260px)">
          <Table striped highlightOnHover stickyHeader aria-label={t`Treatment plans`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Patient</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Plan</Trans>
                </Table.Th>
                <Table.Th miw={140}>
                  <Trans>Status</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Total</Trans>
                </Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Trans>Patient portion</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Proposed</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.slice(0, 300).map(({ plan, status, estimate }) => (
                <Table.Tr key={plan.id} data-testid="practice-plan-row">
                  <Table.Td>{names.get(plan.patientId) ?? '—'}</Table.Td>
                  <Table.Td>
                    <Anchor component="button" type="button" onClick={() => onOpen(plan)} size="sm" ta="left">
                      {plan.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge color={PLAN_STATUS_COLOURS[status]} variant="dot" style={{ overflow: 'visible' }}>
                      {say(PLAN_STATUS_TEXTS[status])}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{money(estimate.total / 100)}</Table.Td>
                  <Table.Td ta="right">{money(estimate.patient / 100)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(plan.proposedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rows.length > 300 && (
        <Text size="sm" c="dimmed">
          <Trans>The first 300 plans are shown: choose a patient or a status to see the others.</Trans>
        </Text>
      )}
    </Stack>
  );
}

function PatientPlans({
  patientId,
  planId,
  onOpen,
}: {
  patientId: string;
  planId: string | undefined;
  onOpen: (planId: string | undefined) => void;
}) {
  const { t } = useLingui();
  const { user } = useAuth();
  const { money } = useFormats();
  const plans = usePlans(patientId);
  const fees = useFees();
  const patientName = usePatientName(patientId);
  const canPlan = can(user, 'clinical.treatments');
  if (plans === undefined || fees === undefined) return <Loader aria-label={t`Loading treatment plans`} />;
  const now = new Date();
  const open = planId === 'new' ? null : (plans.find((plan) => plan.id === planId) ?? plans[0]);
  const writing = planId === 'new' || (plans.length === 0 && canPlan);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        {plans.map((plan) => {
          const status = planStatus(plan, now);
          const selected = !writing && open?.id === plan.id;
          return (
            <UnstyledButton
              key={plan.id}
              onClick={() => onOpen(plan.id)}
              aria-pressed={selected}
              data-testid="plan-card"
            >
              <Paper
                withBorder
                p="xs"
                radius="md"
                style={{
                  borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
                  borderWidth: selected ? 2 : 1,
                }}
              >
                <Text size="sm" fw={600} lineClamp={1} maw={220}>
                  {plan.title}
                </Text>
                <Group gap={6}>
                  <Badge size="sm" color={PLAN_STATUS_COLOURS[status]} variant="dot">
                    {say(PLAN_STATUS_TEXTS[status])}
                  </Badge>
                  <Text size="xs">{money(planEstimate(plan).total.total / 100)}</Text>
                </Group>
              </Paper>
            </UnstyledButton>
          );
        })}
        {canPlan && (
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => onOpen('new')}>
            <Trans>New plan</Trans>
          </Button>
        )}
        <Group gap="xs" ml="auto">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconBulb size={16} />}
            renderRoot={(props) => <Link {...props} to="/treatment-planning-assistant" search={{ patientId }} />}
          >
            <Trans>Planning assistant</Trans>
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconClipboardHeart size={16} />}
            renderRoot={(props) => <Link {...props} to="/clinical-charts" search={{ patientId }} />}
          >
            <Trans>Open Chart</Trans>
          </Button>
        </Group>
      </Group>
      {writing ? (
        <PlanEditor
          key="new"
          plan={null}
          patientId={patientId}
          patientName={patientName}
          fees={fees}
          onSaved={(plan) => onOpen(plan.id)}
        />
      ) : open ? (
        <PlanEditor
          key={open.id}
          plan={open}
          patientId={patientId}
          patientName={patientName}
          fees={fees}
          onSaved={(plan) => onOpen(plan.id)}
        />
      ) : (
        <Text c="dimmed">
          <Trans>This patient has no treatment plan.</Trans>
        </Text>
      )}
    </Stack>
  );
}
