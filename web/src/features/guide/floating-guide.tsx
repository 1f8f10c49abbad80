import { GUIDES, type Guide } from '@dental/domain/assistant/guides';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Group, Paper, Progress, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconArrowRight,
  IconBook,
  IconCheck,
  IconGripVertical,
  IconMapPin,
  IconMinus,
  IconRotate,
  IconX,
} from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { type CSSProperties, type Dispatch, useEffect, useRef } from 'react';
import { say } from '../../platform/i18n/domain-text.ts';
import classes from './floating-guide.module.css';
import { type GuideAction, type GuideState, progressPercent } from './guide-state.ts';
import { useCardDrag } from './use-card-drag.ts';
import { findGuideTarget, type TargetRect, useGuideTarget } from './use-guide-target.ts';

interface Props {
  state: GuideState;
  dispatch: Dispatch<GuideAction>;
}

/** The card's place: its corner until moved, then where it was put. */
function placement(state: GuideState): { className: string; style: CSSProperties } {
  return state.position
    ? { className: `${classes.card}`, style: { left: state.position.x, top: state.position.y } }
    : { className: `${classes.card} ${classes.corner}`, style: {} };
}

/** The floating guide of spec 4: a non-modal card over the app, or a pill while minimised. */
export function FloatingGuide({ state, dispatch }: Props) {
  const reducedMotion = useReducedMotion() ?? false;
  const guide = state.guideId ? GUIDES[state.guideId] : null;
  const step = guide?.steps[state.step];
  const rect = useGuideTarget(
    guide && !state.minimised ? step?.target : undefined,
    `${state.guideId}:${state.step}`,
    reducedMotion,
  );
  useClickCompletes(state, dispatch);

  if (!guide || !step) return null;
  if (state.minimised) return <GuidePill guide={guide} state={state} dispatch={dispatch} />;
  return (
    <>
      {rect && <Highlight rect={rect} target={step.target ?? ''} />}
      <GuideCard guide={guide} state={state} dispatch={dispatch} found={rect !== null} />
    </>
  );
}

function Highlight({ rect, target }: { rect: TargetRect; target: string }) {
  const pad = 4;
  return (
    <div
      className={classes.ring}
      data-testid="guide-highlight"
      data-target={target}
      aria-hidden="true"
      style={{ left: rect.left - pad, top: rect.top - pad, width: rect.width + pad * 2, height: rect.height + pad * 2 }}
    />
  );
}

/** A step marked to complete itself does so when its element is clicked (the button it asks for, say). */
function useClickCompletes(state: GuideState, dispatch: Dispatch<GuideAction>) {
  const guide = state.guideId ? GUIDES[state.guideId] : null;
  const step = guide?.steps[state.step];
  const target = step?.autoAdvance && !state.minimised ? step.target : undefined;
  useEffect(() => {
    if (!target) return;
    const onClick = (event: MouseEvent) => {
      const element = findGuideTarget(target);
      if (element && event.target instanceof Node && element.contains(event.target)) dispatch({ type: 'complete' });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [target, dispatch]);
}

function GuidePill({ guide, state, dispatch }: { guide: Guide; state: GuideState; dispatch: Dispatch<GuideAction> }) {
  const { t } = useLingui();
  const title = say(guide.title);
  const done = state.completed.length;
  const total = state.total;
  const { className, style } = placement(state);
  return (
    <div className={className} style={{ ...style, width: 'auto' }}>
      <Button
        radius="xl"
        color="grape"
        leftSection={<IconBook size={16} aria-hidden="true" />}
        onClick={() => dispatch({ type: 'restore' })}
        aria-label={t`Restore the guide: ${title}, ${done} of ${total} steps complete`}
        data-testid="guide-pill"
        style={{ boxShadow: 'var(--mantine-shadow-md)' }}
      >
        {title} · {done}/{total}
      </Button>
    </div>
  );
}

function GuideCard({
  guide,
  state,
  dispatch,
  found,
}: {
  guide: Guide;
  state: GuideState;
  dispatch: Dispatch<GuideAction>;
  found: boolean;
}) {
  const { t } = useLingui();
  const reducedMotion = useReducedMotion() ?? false;
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (router) => router.location.pathname });
  const card = useRef<HTMLDivElement>(null);
  const { dragging, header, onHandleKeyDown } = useCardDrag(card, dispatch);
  const step = guide.steps[state.step];
  const title = say(guide.title);
  const percent = progressPercent(state);
  const number = state.step + 1;
  const total = state.total;
  const done = state.completed.length;
  const complete = state.completed.includes(state.step);
  const last = state.step === total - 1;
  const { className, style } = placement(state);

  // Opened from a menu or the assistant: the card takes the focus, so a keyboard user lands in it.
  const opened = state.guideId;
  useEffect(() => {
    if (opened) card.current?.focus({ preventScroll: true });
  }, [opened]);

  if (!step) return null;
  const route = step.route;
  const offRoute = !found && route !== undefined && pathname !== route;

  return (
    <Paper
      ref={card}
      className={className}
      style={style}
      shadow="lg"
      radius="md"
      withBorder
      role="dialog"
      aria-label={title}
      tabIndex={-1}
      data-testid="floating-guide"
      data-step={number}
    >
      <Group className={classes.header} gap={4} wrap="nowrap" data-dragging={dragging || undefined} {...header}>
        <Tooltip label={t`Move the guide: drag, or use the arrow keys`} openDelay={400}>
          <ActionIcon
            variant="subtle"
            color="gray"
            className={classes.handle}
            aria-label={t`Move the guide: drag, or use the arrow keys`}
            data-grip
            data-testid="guide-handle"
            onKeyDown={onHandleKeyDown}
          >
            <IconGripVertical size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <IconBook size={16} aria-hidden="true" color="var(--mantine-color-grape-6)" />
        <Text fw={600} size="sm" truncate style={{ flex: 1 }}>
          {title}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t`Minimise the guide`}
          onClick={() => dispatch({ type: 'minimise' })}
        >
          <IconMinus size={16} aria-hidden="true" />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t`Close the guide`}
          onClick={() => dispatch({ type: 'close' })}
        >
          <IconX size={16} aria-hidden="true" />
        </ActionIcon>
      </Group>

      <Stack gap="sm" p="md">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" data-testid="guide-step-count">
            <Trans>
              Step {number} of {total}
            </Trans>
          </Text>
          <Group gap={6} wrap="nowrap" align="flex-start">
            {complete && <IconCheck size={18} color="var(--mantine-color-teal-6)" aria-label={t`Completed`} />}
            <Title order={3} size="h5" data-testid="guide-step-title">
              {say(step.title)}
            </Title>
          </Group>
          <Text size="sm">{say(step.body)}</Text>
        </Stack>

        {offRoute ? (
          <Button
            variant="light"
            color="grape"
            size="xs"
            leftSection={<IconMapPin size={14} aria-hidden="true" />}
            onClick={() => void navigate({ href: route })}
            style={{ alignSelf: 'flex-start' }}
          >
            <Trans>Go there</Trans>
          </Button>
        ) : (
          step.target &&
          !found && (
            <Text size="xs" c="dimmed" data-testid="guide-not-shown">
              <Trans>This part of the screen is not shown right now.</Trans>
            </Text>
          )
        )}

        <Stack gap={4}>
          <Progress.Root size="lg" transitionDuration={reducedMotion ? 0 : 200}>
            <Progress.Section
              value={percent}
              color="grape"
              aria-label={t`Guide progress`}
              data-testid="guide-progress"
              data-value={percent}
            >
              {percent >= 15 && <Progress.Label>{percent}%</Progress.Label>}
            </Progress.Section>
          </Progress.Root>
          <Text size="xs" c="dimmed">
            {done === total ? (
              <Trans>All steps complete</Trans>
            ) : (
              <Trans>
                {done} of {total} steps complete ({percent}%)
              </Trans>
            )}
          </Text>
        </Stack>

        <Group gap={2} justify="center" role="group" aria-label={t`Steps`}>
          {guide.steps.map((entry, index) => {
            const label = say(entry.title);
            const position = index + 1;
            const stepDone = state.completed.includes(index);
            return (
              <UnstyledButton
                key={entry.title.id}
                className={classes.dot}
                aria-label={stepDone ? t`Step ${position}: ${label} (completed)` : t`Step ${position}: ${label}`}
                aria-current={index === state.step ? 'step' : undefined}
                data-completed={stepDone || undefined}
                data-testid="guide-dot"
                onClick={() => dispatch({ type: 'jump', step: index })}
              />
            );
          })}
        </Group>

        <Button
          fullWidth
          size="xs"
          color="teal"
          variant={complete ? 'light' : 'filled'}
          leftSection={<IconCheck size={14} aria-hidden="true" />}
          disabled={complete}
          onClick={() => dispatch({ type: 'complete' })}
        >
          {complete ? <Trans>Completed</Trans> : <Trans>Mark complete</Trans>}
        </Button>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconArrowLeft size={14} aria-hidden="true" />}
            disabled={state.step === 0}
            onClick={() => dispatch({ type: 'previous' })}
          >
            <Trans>Previous</Trans>
          </Button>
          <Button
            variant="subtle"
            color="gray"
            size="xs"
            leftSection={<IconRotate size={12} aria-hidden="true" />}
            onClick={() => dispatch({ type: 'reset' })}
            disabled={done === 0 && state.step === 0}
          >
            <Trans>Reset</Trans>
          </Button>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconArrowRight size={14} aria-hidden="true" />}
            disabled={last}
            onClick={() => dispatch({ type: 'next' })}
          >
            <Trans>Next</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
