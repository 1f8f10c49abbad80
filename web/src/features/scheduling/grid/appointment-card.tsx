import type { NoShowRisk } from '@dental/domain/scheduling/no-show-risk';
import { priorityOf } from '@dental/domain/scheduling/priority';
import { type DraggableAttributes, useDraggable } from '@dnd-kit/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCircleCheckFilled, IconCloudUp } from '@tabler/icons-react';
import { type CSSProperties, type MouseEvent, memo, useState } from 'react';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { type GridAppointment, PRIORITY_COLOURS } from '../day/schedule-model.ts';
import { aimAt, type CardDrag, startDrag } from './card-drag-source.tsx';
import { type DragData, type DragPreview, RESIZE_PREFIX } from './drag-data.ts';
import { type Box, MIN_CARD_PX } from './grid-layout.ts';
import { NoShowRiskMarker, riskSummary } from './no-show-risk-marker.tsx';
import classes from './schedule-grid.module.css';
import { type Signal, useSignal } from './signal.ts';

type SearchState = 'match' | 'dim' | 'plain';

interface CardProps {
  appointment: GridAppointment;
  box: Box;
  time: string;
  color: string;
  search: SearchState;
  /** Shown as a marker when medium or high; computed once per day by the page, never per card. */
  risk: NoShowRisk | undefined;
  editable: boolean;
  /** Whether this card's face is the grid's one tab stop (roving focus, use-grid-focus.ts). */
  tabStop: boolean;
  drag: CardDrag;
  /** Shown while a card is resized, so the resized card alone follows the pointer. */
  preview: Signal<DragPreview | null>;
  pxPerMinute: number;
  onMenu(appointmentId: string, point: { x: number; y: number }, returnFocus: HTMLElement | null): void;
  onEdit(appointmentId: string): void;
}

/** Text lines of 14 px under a 1 px padding: lines that cannot show are not rendered at all. */
const TWO_LINES_PX = 29;
const THREE_LINES_PX = 43;

/**
 * The '⋯' button and the resize handle are mounted only on the card being hovered or focused: a
 * busy day has hundreds of cards. Touch screens cannot hover, so there the '⋯' button is always
 * mounted; the resize handle (a dnd-kit draggable, re-rendered whenever any drag starts) appears
 * on the card last touched, as a touch fires pointerenter and focus before anything else.
 */
const ALWAYS_SHOW_CONTROLS = typeof window !== 'undefined' && window.matchMedia?.('(hover: none)').matches === true;

const PRIORITY_TEXT = {
  high: msg`High priority`,
  medium: msg`Medium priority`,
  low: msg`Low priority`,
} as const;

function ResizeHandle({ appointment, editable }: { appointment: GridAppointment; editable: boolean }) {
  const { t } = useLingui();
  const data: DragData = { kind: 'resize', appointmentId: appointment.id };
  const { attributes, listeners, setNodeRef } = useDraggable({
    id: `${RESIZE_PREFIX}${appointment.id}`,
    data,
    disabled: !editable,
    attributes: { roleDescription: t`resize handle` },
  });
  if (!editable) return null;
  const name = appointment.patientName;
  const duration = appointment.duration;
  return (
    <button
      type="button"
      ref={setNodeRef}
      className={classes.resize}
      {...attributes}
      {...listeners}
      aria-label={t`Change the length of ${name}'s appointment (${duration} minutes)`}
      data-testid="resize-handle"
    />
  );
}

/**
 * A card is re-rendered by a drag only when it is the one the drag source points at; the face
 * below is memoised on props that a drag does not change.
 */
function Card({
  appointment,
  box,
  time,
  color,
  search,
  risk,
  editable,
  tabStop,
  drag,
  preview,
  pxPerMinute,
  onMenu,
  onEdit,
}: CardProps) {
  const { t } = useLingui();
  const timeText = useFormats().scheduleClock;
  const source = useSignal(drag.source, (shown) => (shown?.id === appointment.id ? shown : null));
  const isDragging = source?.dragging ?? false;
  const resized = useSignal(preview, (shown) =>
    shown?.kind === 'resize' && shown.id === appointment.id ? shown.duration : null,
  );
  const height = resized === null ? box.height : Math.max(resized * pxPerMinute, MIN_CARD_PX);
  // Hover and focus are kept apart: a pointer leaving the card (or the page moving under a still pointer) must not
  // take away the '⋯' button from a keyboard user whose focus is inside the card.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const showControls = hovered || focused || isDragging;
  const showMenuButton = ALWAYS_SHOW_CONTROLS || showControls;
  const style = {
    top: box.top,
    left: box.left,
    width: box.width,
    height,
    '--provider': color,
  } as CSSProperties;
  const patient = appointment.patientName;
  const shownTime = timeText(time);
  const openMenu = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    event.stopPropagation();
    onMenu(appointment.id, { x: event.clientX, y: event.clientY }, event.currentTarget);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only decide which controls are mounted.
    <div
      className={classes.card}
      style={style}
      data-testid="appointment-card"
      data-guide="appointment-card"
      data-appointment-id={appointment.id}
      data-room={appointment.treatmentRoom}
      data-provider-id={appointment.providerId}
      data-time={time}
      data-duration={appointment.duration}
      data-status={appointment.status}
      data-search={search}
      data-dragging={isDragging || undefined}
      onPointerEnter={(event) => {
        setHovered(true);
        if (event.buttons === 0) aimAt(drag, event.currentTarget);
      }}
      onPointerLeave={(event) => {
        // Not while a button is held: the resize handle must outlive a drag that leaves the card.
        if (event.buttons === 0) setHovered(false);
      }}
      onFocus={(event) => {
        setFocused(true);
        aimAt(drag, event.currentTarget);
      }}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          setFocused(false);
      }}
    >
      <CardFace
        appointment={appointment}
        time={time}
        height={height}
        risk={risk}
        tabStop={tabStop}
        attributes={source?.attributes}
        drag={drag}
        onMenu={onMenu}
        onEdit={onEdit}
      />
      {showMenuButton && (
        <button
          type="button"
          className={classes.more}
          aria-label={t`Actions for ${patient} at ${shownTime}`}
          aria-haspopup="menu"
          onClick={(event) => {
            event.stopPropagation();
            const rect = event.currentTarget.getBoundingClientRect();
            onMenu(appointment.id, { x: rect.left, y: rect.bottom }, event.currentTarget);
          }}
          onContextMenu={openMenu}
        >
          ⋯
        </button>
      )}
      {showControls && <ResizeHandle appointment={appointment} editable={editable} />}
    </div>
  );
}

interface FaceProps {
  appointment: GridAppointment;
  time: string;
  height: number;
  risk: NoShowRisk | undefined;
  tabStop: boolean;
  /** Only on the card the drag source points at, for screen readers to announce it as draggable. */
  attributes: DraggableAttributes | undefined;
  drag: CardDrag;
  onMenu: CardProps['onMenu'];
  onEdit: CardProps['onEdit'];
}

function cardOf(face: HTMLElement): HTMLElement {
  return face.parentElement as HTMLElement;
}

const CardFace = memo(function CardFace({
  appointment,
  time,
  height,
  risk,
  tabStop,
  attributes,
  drag,
  onMenu,
  onEdit,
}: FaceProps) {
  const { t, i18n } = useLingui();
  const timeText = useFormats().scheduleClock;
  const priority = priorityOf(appointment.procedure);
  const inProgress = appointment.status === 'in-progress';
  const pending = appointment.version === 0;
  const patient = appointment.patientName;
  const shownTime = timeText(time);
  const duration = appointment.duration;
  const room = appointment.treatmentRoom;
  const marked = risk !== undefined && risk.level !== 'low';
  const twoLines = height >= TWO_LINES_PX;
  const threeLines = height >= THREE_LINES_PX;
  // The name starts with the room, then the card's visible words in their order (time, patient, procedure,
  // provider, 'Pending sync'), so a voice-control user can say what they see; then its state and what is not
  // shown: 'Room 3, 10:30, Maurine Schroeder, Filling, checked in, …' (issue 22).
  const summary = [
    room,
    shownTime,
    patient,
    twoLines ? appointment.procedure : '',
    threeLines ? appointment.providerName : '',
    pending ? t`pending sync` : '',
    inProgress ? t`checked in` : '',
    appointment.status === 'confirmed' ? t`confirmed by the patient` : '',
    appointment.status === 'completed' ? t`completed` : '',
    twoLines ? '' : appointment.procedure,
    threeLines ? '' : appointment.providerName,
    t`${duration} minutes`,
    i18n._(PRIORITY_TEXT[priority]),
    marked ? riskSummary(risk) : '',
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <button
      type="button"
      className={classes.cardFace}
      {...attributes}
      tabIndex={tabStop ? 0 : -1}
      data-card-face=""
      onPointerDown={(event) => startDrag(drag, cardOf(event.currentTarget), event)}
      aria-label={summary}
      onContextMenu={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onMenu(appointment.id, { x: event.clientX, y: event.clientY }, event.currentTarget);
      }}
      onKeyDown={(event) => {
        // Enter opens the menu (Space picks the card up to move it, with dnd-kit's keyboard sensor).
        if (event.key === 'ContextMenu' || event.key === 'Enter' || (event.key === 'F10' && event.shiftKey)) {
          event.preventDefault();
          // Focus can come back to a card without scrolling (after a dialog, or as the panels above the grid
          // grow); a menu anchored out of sight is hidden, so the card is brought into view first.
          event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          const rect = event.currentTarget.getBoundingClientRect();
          onMenu(appointment.id, { x: rect.left, y: rect.bottom }, event.currentTarget);
          return;
        }
        startDrag(drag, cardOf(event.currentTarget), event);
      }}
      title={`${shownTime} · ${patient} · ${t`${duration} min`}\n${appointment.procedure}\n${appointment.providerName}`}
      onDoubleClick={() => onEdit(appointment.id)}
    >
      <span className={classes.line}>
        <span
          className={classes.priority}
          data-priority={priority}
          style={{ background: `var(--mantine-color-${PRIORITY_COLOURS[priority]}-6)` }}
        />
        <span className={classes.time}>{shownTime}</span>{' '}
        <span className={classes.patient}>{appointment.patientName}</span>
      </span>
      {/* The spaces keep the words apart in the text the card's name is checked against. */}
      {twoLines && (
        <>
          {' '}
          <span className={classes.line}>{appointment.procedure}</span>
        </>
      )}
      {threeLines && (
        <>
          {' '}
          <span className={classes.line}>{appointment.providerName}</span>
        </>
      )}{' '}
      {(pending || inProgress || marked) && (
        <span className={classes.badges}>
          {marked && <NoShowRiskMarker risk={risk} />}
          {inProgress && (
            <span className={classes.checkBadge} data-testid="checked-in-badge" title={t`Checked in`}>
              <IconCircleCheckFilled size={13} aria-hidden="true" />
            </span>
          )}
          {pending && (
            <span className={classes.pending} title={t`Pending sync`}>
              <IconCloudUp size={11} aria-hidden="true" />
              <span className={classes.pendingText}>
                <Trans>Pending sync</Trans>
              </span>
            </span>
          )}
        </span>
      )}
    </button>
  );
});

function sameCard(a: CardProps, b: CardProps): boolean {
  const x = a.appointment;
  const y = b.appointment;
  return (
    x.id === y.id &&
    x.updatedAt === y.updatedAt &&
    x.version === y.version &&
    x.status === y.status &&
    x.duration === y.duration &&
    x.patientName === y.patientName &&
    x.procedure === y.procedure &&
    x.providerName === y.providerName &&
    x.treatmentRoom === y.treatmentRoom &&
    a.box.top === b.box.top &&
    a.box.left === b.box.left &&
    a.box.width === b.box.width &&
    a.box.height === b.box.height &&
    a.time === b.time &&
    a.color === b.color &&
    a.search === b.search &&
    a.risk === b.risk &&
    a.editable === b.editable &&
    a.tabStop === b.tabStop &&
    a.drag === b.drag &&
    a.preview === b.preview &&
    a.pxPerMinute === b.pxPerMinute &&
    a.onMenu === b.onMenu &&
    a.onEdit === b.onEdit
  );
}

/** Memoised on what it shows: a new day read re-renders only the cards that changed. */
export const AppointmentCard = memo(Card, sameCard);
