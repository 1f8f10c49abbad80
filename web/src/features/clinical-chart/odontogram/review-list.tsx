import type { ToothChart } from '@dental/domain/clinical/chart';
import type { ChartEntry } from '@dental/domain/clinical/entry';
import type { Surface } from '@dental/domain/clinical/surfaces';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { memo } from 'react';
import { entrySummary } from './describe.ts';

export interface ReviewItem {
  tooth: string;
  /** The surface in question; null for contradictory tooth states. */
  surface: Surface | null;
  entries: ChartEntry[];
}

/** Every surface (or tooth state) two people charted differently, with the entries behind it. */
export function reviewItems(teeth: readonly ToothChart[], entries: readonly ChartEntry[]): ReviewItem[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const items: ReviewItem[] = [];
  for (const chart of teeth) {
    for (const [surface, mark] of Object.entries(chart.surfaces)) {
      if (!mark?.review) continue;
      const flagged = mark.layers.filter((layer) => layer.review).map((layer) => byId.get(layer.entryId));
      items.push({ tooth: chart.tooth, surface: surface as Surface, entries: flagged.filter((e) => e !== undefined) });
    }
    if (chart.stateReview) {
      const current = entries.filter(
        (entry) =>
          entry.tooth === chart.tooth &&
          !entry.voidedAt &&
          entry.state !== null &&
          chart.stateCandidates.includes(entry.state) &&
          !entries.some((other) => !other.voidedAt && other.replaces.includes(entry.id)),
      );
      items.push({ tooth: chart.tooth, surface: null, entries: current });
    }
  }
  return items;
}

/**
 * The dentist settles each contradiction: keep one (a new entry that replaces them all) or void one.
 * Nothing is settled for them.
 */
export const ReviewList = memo(function ReviewList(props: {
  items: readonly ReviewItem[];
  canEdit: boolean;
  formatWhen(instant: string): string;
  onKeep(item: ReviewItem, entry: ChartEntry): void;
  onVoid(entry: ChartEntry): void;
}) {
  const { t } = useLingui();
  if (props.items.length === 0) return null;
  return (
    <Alert
      color="pink"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t`To review: charted differently on two devices`}
      data-testid="review-list"
    >
      <Stack gap="sm">
        {props.items.map((item) => (
          <Stack key={`${item.tooth}-${item.surface ?? 'state'}`} gap={4} data-testid="review-item">
            <Text size="sm" fw={600}>
              {item.surface ? t`Tooth ${item.tooth}, surface ${item.surface}` : t`Tooth ${item.tooth}, state`}
            </Text>
            {item.entries.map((entry) => (
              <Group key={entry.id} gap="sm" wrap="wrap" justify="space-between">
                <Text size="sm">
                  {entrySummary(entry)} —{' '}
                  <Trans>
                    {entry.recordedByName}, {props.formatWhen(entry.recordedAt)}
                  </Trans>
                </Text>
                {props.canEdit && (
                  <Group gap="xs">
                    <Button size="compact-sm" variant="light" onClick={() => props.onKeep(item, entry)}>
                      <Trans>Keep this</Trans>
                    </Button>
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => props.onVoid(entry)}>
                      <Trans>Void</Trans>
                    </Button>
                  </Group>
                )}
              </Group>
            ))}
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
});
