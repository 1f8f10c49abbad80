import { NO_SHOW_RISK_LEVEL_TEXTS, type NoShowRisk } from '@dental/domain/scheduling/no-show-risk';
import { useLingui } from '@lingui/react/macro';
import { List, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangleFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { say } from '../../../platform/i18n/domain-text.ts';
import classes from './no-show-risk-marker.module.css';

/** 'Medium no-show risk: Missed 2 past appointments; Not confirmed', for a card's accessible name. */
export function riskSummary(risk: NoShowRisk): string {
  const reasons = risk.reasons.filter((reason) => reason.points > 0).map((reason) => say(reason.text, reason.values));
  return `${say(NO_SHOW_RISK_LEVEL_TEXTS[risk.level])}: ${reasons.join('; ')}`;
}

const signed = (points: number) => (points > 0 ? `+${points}` : String(points));

/** The reasons of a risk, largest first, each with the points it adds or takes away. */
export function NoShowRiskReasons({ risk }: { risk: NoShowRisk }) {
  return (
    <List size="xs" spacing={2}>
      {risk.reasons.map((reason) => (
        <List.Item key={reason.factor}>{`${say(reason.text, reason.values)} (${signed(reason.points)})`}</List.Item>
      ))}
    </List>
  );
}

/**
 * The small mark of a medium or high no-show risk on a schedule card. The card's own accessible name
 * carries the same words (riskSummary), so the mark itself is hidden from screen readers. A day holds
 * hundreds of cards: the tooltip is mounted only while the pointer is on the mark.
 */
export function NoShowRiskMarker({ risk }: { risk: NoShowRisk }) {
  const { t } = useLingui();
  const [pointed, setPointed] = useState(false);
  const score = risk.score;
  const mark = (
    <span
      className={classes.riskMarker}
      data-level={risk.level}
      data-testid="no-show-risk"
      aria-hidden="true"
      onPointerEnter={() => setPointed(true)}
      onPointerLeave={() => setPointed(false)}
    >
      <IconAlertTriangleFilled size={11} />
    </span>
  );
  if (!pointed) return mark;
  return (
    <Tooltip
      opened
      multiline
      w={260}
      withinPortal
      label={
        <>
          <Text size="xs" fw={700}>
            {say(NO_SHOW_RISK_LEVEL_TEXTS[risk.level])}
          </Text>
          <Text size="xs" mb={4}>
            {t`score ${score} of 100`}
          </Text>
          <NoShowRiskReasons risk={risk} />
        </>
      }
    >
      {mark}
    </Tooltip>
  );
}
