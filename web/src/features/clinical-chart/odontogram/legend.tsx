import { CONDITION_TEXTS, ENTRY_STATUS_TEXTS, ENTRY_STATUSES } from '@dental/domain/clinical/entry';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import { memo } from 'react';
import { sayValue } from '../../../platform/i18n/domain-text.ts';
import { CARIES_COLOUR, REVIEW_COLOUR, statusColour, WATCH_COLOUR } from './findings.ts';
import classes from './odontogram.module.css';

function Item({ background, border, children }: { background: string; border?: string; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span className={classes.swatch} style={{ background, ...(border ? { border } : {}) }} aria-hidden />
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/** What the colours and marks mean: the customary blue existing, red planned, green completed. */
export const Legend = memo(function Legend() {
  // Drawn again when the language changes (the status names come from the domain's texts).
  const { i18n } = useLingui();
  void i18n;
  return (
    <Group gap="md" wrap="wrap" data-testid="odontogram-legend">
      {ENTRY_STATUSES.map((status) => (
        <Item key={status} background={statusColour(status)}>
          {sayValue(ENTRY_STATUS_TEXTS, status)}
        </Item>
      ))}
      <Item background={`repeating-linear-gradient(45deg, ${CARIES_COLOUR} 0 3px, transparent 3px 6px)`}>
        {sayValue(CONDITION_TEXTS, 'caries')}
      </Item>
      <Item background={`radial-gradient(${WATCH_COLOUR} 35%, transparent 40%)`}>
        {sayValue(CONDITION_TEXTS, 'watch')}
      </Item>
      <Item background="transparent" border={`2px dashed ${REVIEW_COLOUR}`}>
        <Trans>To review</Trans>
      </Item>
      <Text size="sm" c="dimmed">
        <Trans>✕ missing · outline crown · line in root: root canal · screw: implant · dashed: unerupted</Trans>
      </Text>
    </Group>
  );
});
