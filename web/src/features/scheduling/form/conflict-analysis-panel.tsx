import type { ConflictAnalysis, ConflictSeverity, Suggestion } from '@dental/domain/scheduling/analysis';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';

interface Props {
  /** Null hides the panel: the form does not name a time, room and provider yet. */
  analysis: ConflictAnalysis | null;
  applied: string | null;
  canForce: boolean;
  onApply(suggestion: Suggestion): void;
  onForce(): void;
}

const SEVERITY: Record<ConflictSeverity, { label: string; color: string }> = {
  critical: { label: 'Critical', color: 'red' },
  warning: { label: 'Warning', color: 'yellow' },
  info: { label: 'Note', color: 'blue' },
};

const IMPACT: Record<Suggestion['impact'], string> = {
  minimal: 'Minimal impact',
  moderate: 'Moderate impact',
  significant: 'Significant impact',
};

/** Live conflict check of the form as it is filled, with ways around a clash taken from the day's free slots. */
export function ConflictAnalysisPanel({ analysis, applied, canForce, onApply, onForce }: Props) {
  if (!analysis) return null;
  if (analysis.conflicts.length === 0) {
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck aria-hidden="true" />}
        data-testid="conflict-analysis"
        title="No conflicts"
      >
        The room and the provider are free at this time.
        {applied ? ` Applied: ${applied}.` : ''}
      </Alert>
    );
  }
  const critical = analysis.conflicts.some((conflict) => conflict.severity === 'critical');
  return (
    <Alert
      color={critical ? 'red' : 'yellow'}
      variant="light"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title={critical ? 'Conflicts found' : 'Worth a look'}
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
            <Badge color={SEVERITY[conflict.severity].color} variant="filled" size="sm" miw={64}>
              {SEVERITY[conflict.severity].label}
            </Badge>
            <Text size="sm">{conflict.message}</Text>
          </Group>
        ))}
        {critical && analysis.suggestions.length === 0 && (
          <Text size="sm">No free alternative was found on this day.</Text>
        )}
        {analysis.suggestions.length > 0 && (
          <Text size="sm" fw={600} mt={4}>
            Suggestions
          </Text>
        )}
        {analysis.suggestions.map((suggestion) => (
          <Paper key={suggestion.id} withBorder p="xs" radius="sm" data-testid="conflict-suggestion">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div>
                <Text size="sm" fw={600}>
                  {suggestion.title}
                </Text>
                <Text size="xs">{suggestion.description}</Text>
                <Group gap={6} mt={4}>
                  <Badge variant="light" color="teal" size="sm" tt="none">
                    {suggestion.confidence}% confidence
                  </Badge>
                  <Badge variant="light" color="gray" size="sm" tt="none">
                    {IMPACT[suggestion.impact]}
                  </Badge>
                </Group>
              </div>
              <Button
                size="xs"
                variant="light"
                style={{ flexShrink: 0 }}
                onClick={() => onApply(suggestion)}
                aria-label={`Apply suggestion: ${suggestion.title}`}
              >
                Apply
              </Button>
            </Group>
          </Paper>
        ))}
        {critical && canForce && (
          <Group justify="flex-end">
            <Button size="xs" color="red" variant="outline" onClick={onForce}>
              Force Schedule Anyway
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
