import type { ConflictAnalysis, ConflictSeverity, Suggestion } from '@dental/domain/scheduling/analysis';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../platform/i18n/formats.ts';

interface Props {
  /** Null hides the panel: the form does not name a time, room and provider yet. */
  analysis: ConflictAnalysis | null;
  applied: string | null;
  canForce: boolean;
  onApply(suggestion: Suggestion): void;
  onForce(): void;
}

const SEVERITY: Record<ConflictSeverity, { label: MessageDescriptor; color: string }> = {
  critical: { label: msg`Critical`, color: 'red' },
  warning: { label: msg`Warning`, color: 'yellow' },
  info: { label: msg`Note`, color: 'blue' },
};

const IMPACT: Record<Suggestion['impact'], MessageDescriptor> = {
  minimal: msg`Minimal impact`,
  moderate: msg`Moderate impact`,
  significant: msg`Significant impact`,
};

/** Live conflict check of the form as it is filled, with ways around a clash taken from the day's free slots. */
export function ConflictAnalysisPanel({ analysis, applied, canForce, onApply, onForce }: Props) {
  const { t, i18n } = useLingui();
  const { percent } = useFormats();
  if (!analysis) return null;
  if (analysis.conflicts.length === 0) {
    const shownApplied = applied ? domainText(applied) : '';
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck aria-hidden="true" />}
        data-testid="conflict-analysis"
        title={t`No conflicts`}
      >
        <Trans>The room and the provider are free at this time.</Trans>
        {applied ? ` ${t`Applied: ${shownApplied}.`}` : ''}
      </Alert>
    );
  }
  const critical = analysis.conflicts.some((conflict) => conflict.severity === 'critical');
  return (
    <Alert
      color={critical ? 'red' : 'yellow'}
      variant="light"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title={critical ? t`Conflicts found` : t`Worth a look`}
      data-testid="conflict-analysis"
    >
      <Stack gap="xs">
        {analysis.conflicts.map((conflict) => (
          <Group
            key={`${conflict.type}-${conflict.appointmentId ?? conflict.message}`}
            gap="xs"
            wrap="nowrap"
            align="flex-start"
          >
            <Badge
              color={SEVERITY[conflict.severity].color}
              variant="filled"
              size="sm"
              miw={64}
              style={{ flexShrink: 0 }}
            >
              {i18n._(SEVERITY[conflict.severity].label)}
            </Badge>
            <Text size="sm">{domainText(conflict.message)}</Text>
          </Group>
        ))}
        {critical && analysis.suggestions.length === 0 && (
          <Text size="sm">
            <Trans>No free alternative was found on this day.</Trans>
          </Text>
        )}
        {analysis.suggestions.length > 0 && (
          <Text size="sm" fw={600} mt={4}>
            <Trans>Suggestions</Trans>
          </Text>
        )}
        {analysis.suggestions.map((suggestion) => {
          const title = domainText(suggestion.title);
          const confidence = percent(suggestion.confidence / 100);
          return (
            <Paper key={suggestion.id} withBorder p="xs" radius="sm" data-testid="conflict-suggestion">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <div>
                  <Text size="sm" fw={600}>
                    {title}
                  </Text>
                  <Text size="xs">{domainText(suggestion.description)}</Text>
                  <Group gap={6} mt={4}>
                    <Badge variant="light" color="teal" size="sm" tt="none">
                      <Trans>{confidence} confidence</Trans>
                    </Badge>
                    <Badge variant="light" color="gray" size="sm" tt="none">
                      {i18n._(IMPACT[suggestion.impact])}
                    </Badge>
                  </Group>
                </div>
                <Button
                  size="xs"
                  variant="light"
                  style={{ flexShrink: 0 }}
                  onClick={() => onApply(suggestion)}
                  aria-label={t`Apply suggestion: ${title}`}
                >
                  <Trans>Apply</Trans>
                </Button>
              </Group>
            </Paper>
          );
        })}
        {critical && canForce && (
          <Group justify="flex-end">
            <Button size="xs" color="red" variant="outline" onClick={onForce}>
              <Trans>Force Schedule Anyway</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
