import type { ToothChart } from '@dental/domain/clinical/chart';
import { DEFAULT_COVERAGE_PERCENT, type ProcedureFee } from '@dental/domain/clinical/fees';
import type { PerioExam } from '@dental/domain/clinical/perio';
import {
  PLANNING_TEXTS,
  type PlanningSuggestion,
  type SuggestionOption,
  suggestTreatments,
} from '@dental/domain/clinical/planning-assistant';
import { type PlanItem, planStatus, type TreatmentPlan } from '@dental/domain/clinical/plans';
import { can } from '@dental/domain/permissions/can';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconClipboardList, IconPlus, IconX } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useAuth } from '../../../platform/auth/auth-context.tsx';
import { say } from '../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { toast } from '../../../platform/toasts/toast.ts';
import { useChart, useClinicalCommand, useFees, usePlans } from '../device/use-clinical.ts';
import { newId, openPlanOf } from '../plans/plan-model.ts';
import { PatientPicker } from '../shared/patient-picker.tsx';
import { SampleFeesNotice } from '../shared/sample-fees-notice.tsx';
import { useDismissed } from './dismissed.ts';

/** /treatment-planning-assistant: what the patient's chart calls for, each proposal with the rule behind it. */
export function PlanningAssistantPage({
  patientId,
  onPatientChange,
}: {
  patientId: string | undefined;
  onPatientChange: (patientId: string | undefined) => void;
}) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>
            <Trans>Treatment Planning Assistant</Trans>
          </Title>
          <Text c="dimmed" size="sm" maw={560}>
            <Trans>
              Proposals from what is charted on this device, by fixed rules: each one says which rule made it. The
              dentist decides.
            </Trans>
          </Text>
        </div>
        <PatientPicker value={patientId} onChange={onPatientChange} />
      </Group>
      {patientId ? (
        <Suggestions key={patientId} patientId={patientId} />
      ) : (
        <Text c="dimmed">
          <Trans>Choose a patient to see the proposals from their chart.</Trans>
        </Text>
      )}
    </Stack>
  );
}

const latestExam = (exams: readonly PerioExam[]): PerioExam | null =>
  [...exams].sort((a, b) => b.examDate.localeCompare(a.examDate) || b.recordedAt.localeCompare(a.recordedAt))[0] ??
  null;

/** The plan items already proposed for this finding: the same procedure on the same tooth and surfaces. */
function inPlans(plans: readonly TreatmentPlan[], suggestion: PlanningSuggestion, option: SuggestionOption) {
  return plans.find((plan) =>
    plan.phases.some((phase) =>
      phase.items.some(
        (item) =>
          item.code === option.code &&
          item.tooth === suggestion.tooth &&
          [...item.surfaces].sort().join('') === [...suggestion.surfaces].sort().join(''),
      ),
    ),
  );
}

function Suggestions({ patientId }: { patientId: string }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const navigate = useNavigate();
  const chart = useChart(patientId);
  const fees = useFees();
  const plans = usePlans(patientId);
  const command = useClinicalCommand();
  const { dismissed, dismiss, restoreAll } = useDismissed(patientId);
  const [adding, setAdding] = useState<string | null>(null);
  const canPlan = can(user, 'clinical.treatments');

  const suggestions = useMemo(() => {
    if (!chart || !fees) return null;
    const teeth = new Map<string, ToothChart>(chart.teeth.map((tooth) => [tooth.tooth, tooth]));
    return suggestTreatments(teeth, latestExam(chart.perioExams), fees);
  }, [chart, fees]);

  if (!suggestions || !plans || !fees) return <Loader aria-label={t`Reading the chart`} />;
  const now = new Date();
  const live = plans.filter((plan) => planStatus(plan, now) !== 'expired');
  const shown = suggestions.filter((suggestion) => !dismissed.includes(suggestion.key));
  const hidden = suggestions.length - shown.length;

  async function add(suggestion: PlanningSuggestion, option: SuggestionOption) {
    const fee = fees?.find((candidate) => candidate.code === option.code) as ProcedureFee | undefined;
    const item: PlanItem = {
      id: newId(),
      code: option.code,
      description: option.description,
      tooth: suggestion.tooth,
      surfaces: suggestion.surfaces,
      fee: option.fee,
      coveragePercent: fee ? DEFAULT_COVERAGE_PERCENT[fee.category] : 0,
      done: false,
    };
    setAdding(`${suggestion.key}/${option.code}`);
    try {
      const open = openPlanOf(plans ?? [], (plan) => planStatus(plan, now));
      const result = open
        ? await command(
            (clinical) =>
              clinical.updatePlan(open.id, {
                phases: open.phases.map((phase, index) =>
                  index === open.phases.length - 1 ? { ...phase, items: [...phase.items, item] } : phase,
                ),
              }),
            t`Not added to the plan`,
          )
        : await command(
            (clinical) =>
              clinical.createPlan({
                patientId,
                title: t`Treatment plan`,
                notes: null,
                phases: [{ name: t`Disease control`, items: [item] }],
              }),
            t`Not added to the plan`,
          );
      if (result) {
        const title = result.title;
        const code = option.code;
        toast(t`Added to the plan`, t`${code} was added to “${title}”.`, 'success');
      }
    } finally {
      setAdding(null);
    }
  }

  return (
    <Stack gap="sm">
      <SampleFeesNotice compact />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {chart?.perioExams.length ? (
            <Trans>From the chart and the latest periodontal exam.</Trans>
          ) : (
            <Trans>From the chart (no periodontal exam recorded).</Trans>
          )}
        </Text>
        <Group gap="xs">
          {hidden > 0 && (
            <Button variant="subtle" size="compact-sm" onClick={restoreAll}>
              <Trans>Show {hidden} dismissed</Trans>
            </Button>
          )}
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconClipboardList size={16} />}
            onClick={() => void navigate({ to: '/treatment-plans', search: { patientId } })}
          >
            <Trans>Treatment plans</Trans>
          </Button>
        </Group>
      </Group>
      {shown.length === 0 && (
        <Paper withBorder p="lg" radius="md">
          <Text>
            {suggestions.length === 0 ? (
              <Trans>Nothing charted calls for treatment under the assistant's rules.</Trans>
            ) : (
              <Trans>Every proposal for this patient was dismissed.</Trans>
            )}
          </Text>
        </Paper>
      )}
      {shown.map((suggestion) => (
        <SuggestionCard
          key={suggestion.key}
          suggestion={suggestion}
          plans={live}
          patientId={patientId}
          canPlan={canPlan}
          adding={adding}
          onAdd={(option) => void add(suggestion, option)}
          onDismiss={() => dismiss(suggestion.key)}
        />
      ))}
    </Stack>
  );
}

function SuggestionCard({
  suggestion,
  plans,
  patientId,
  canPlan,
  adding,
  onAdd,
  onDismiss,
}: {
  suggestion: PlanningSuggestion;
  plans: readonly TreatmentPlan[];
  patientId: string;
  canPlan: boolean;
  adding: string | null;
  onAdd: (option: SuggestionOption) => void;
  onDismiss: () => void;
}) {
  const { t } = useLingui();
  const { money } = useFormats();
  const values = { ...suggestion.values };
  if (values.position === PLANNING_TEXTS.anterior.message) values.position = say(PLANNING_TEXTS.anterior);
  if (values.position === PLANNING_TEXTS.posterior.message) values.position = say(PLANNING_TEXTS.posterior);
  const rule = suggestion.rule;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="suggestion"
      data-rule={suggestion.rule}
      data-tooth={suggestion.tooth ?? ''}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={600}>{say(PLANNING_TEXTS[suggestion.rule], values)}</Text>
            <Text size="xs" c="dimmed">
              <Trans>Rule: {rule}</Trans>
            </Text>
          </div>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconX size={14} />}
            onClick={onDismiss}
            style={{ flexShrink: 0 }}
          >
            <Trans>Dismiss</Trans>
          </Button>
        </Group>
        {suggestion.options.map((option) => {
          const plan = inPlans(plans, suggestion, option);
          const code = option.code;
          return (
            <Group key={option.code} justify="space-between" wrap="nowrap" gap="sm" data-testid="suggestion-option">
              <Text size="sm">
                <Text span fw={600}>
                  {option.code}
                </Text>{' '}
                · {option.description} · {money(option.fee / 100)}
              </Text>
              {plan ? (
                <Anchor
                  size="sm"
                  fw={600}
                  renderRoot={(props) => (
                    <Link {...props} to="/treatment-plans" search={{ patientId, planId: plan.id }} />
                  )}
                  style={{ flexShrink: 0, display: 'inline-flex', alignItems: 'center', gap: 4 }}
                  data-testid="in-plan"
                >
                  <IconCheck size={14} />
                  <Trans>In plan</Trans>
                </Anchor>
              ) : (
                canPlan && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => onAdd(option)}
                    loading={adding === `${suggestion.key}/${option.code}`}
                    aria-label={t`Add ${code} to a plan`}
                    style={{ flexShrink: 0 }}
                  >
                    <Trans>Add to plan</Trans>
                  </Button>
                )
              )}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
