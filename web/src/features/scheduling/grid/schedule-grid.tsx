import { SCHEDULING } from '@dental/domain/constants';
import { closedHolidayOn } from '@dental/domain/practices/holidays';
import { clockTime, openSpan, type WeeklyHours } from '@dental/domain/practices/hours';
import type { MaintenanceWindow } from '@dental/domain/scheduling/conflicts';
import type { NoShowRisk } from '@dental/domain/scheduling/no-show-risk';
import { instantAt } from '@dental/domain/time/zones';
import { DndContext } from '@dnd-kit/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { type CSSProperties, memo, useCallback, useMemo, useRef, useState } from 'react';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { type GridAppointment, type GridRoom, matchesSearch, type SlotView } from '../day/schedule-model.ts';
import { AppointmentCard } from './appointment-card.tsx';
import { CardDragSource, createCardDrag } from './card-drag-source.tsx';
import type { DragPreview } from './drag-data.ts';
import { GridBanner } from './grid-banner.tsx';
import {
  type Box,
  type GridGeometry,
  gridGeometry,
  MIN_CARD_PX,
  type PlacedAppointment,
  placeAppointments,
  placeMaintenance,
} from './grid-layout.ts';
import classes from './schedule-grid.module.css';
import { createSignal, type Signal, useSignal } from './signal.ts';
import { useCardDrag } from './use-card-drag.ts';
import { useGridFocus } from './use-grid-focus.ts';
import { useOptimisticPlacements } from './use-optimistic-placements.ts';
import { type SlotRef, useSlotCursor } from './use-slot-cursor.ts';

export type { SlotRef } from './use-slot-cursor.ts';

const TIME_COLUMN_PX = 56;
const SLOT_MINUTES = SCHEDULING.durationStepMinutes;
const FALLBACK_COLOUR = 'var(--mantine-color-gray-6)';
const NO_MAINTENANCE: readonly MaintenanceWindow[] = [];

export interface ScheduleGridProps {
  /** YYYY-MM-DD on the practice's clock. */
  date: string;
  timeZone: string;
  hours: WeeklyHours | null;
  view: SlotView;
  rooms: readonly GridRoom[];
  /** The day's appointments; cancelled and no-show ones are left out here. */
  appointments: readonly GridAppointment[];
  maintenance?: readonly MaintenanceWindow[];
  providerColors: ReadonlyMap<number, string>;
  /** The no-show risk of upcoming appointments, by id (useNoShowRisks): medium and high get a marker. */
  risks?: ReadonlyMap<string, NoShowRisk>;
  /** Highlights matching cards and dims the others (patient, procedure, provider). */
  search?: string;
  /** Whether cards may be moved and resized. */
  editable?: boolean;
  onSlotClick?(slot: SlotRef): void;
  onSlotMenu?(slot: SlotRef, point: { x: number; y: number }): void;
  onAppointmentMenu?(
    appointment: GridAppointment,
    point: { x: number; y: number },
    returnFocus: HTMLElement | null,
  ): void;
  onAppointmentEdit?(appointment: GridAppointment): void;
  /** Opens a maintenance window for editing; without it the cards are not interactive. */
  onMaintenanceOpen?(id: string): void;
  /** Resolves true when the move was written; the card stays at its target meanwhile. */
  onMove?(appointment: GridAppointment, target: SlotRef & { appointmentDate: string }): Promise<boolean>;
  onResize?(appointment: GridAppointment, duration: number): Promise<boolean>;
}

/**
 * The day grid: time rows × room columns. Empty cells are one background, not components; cards
 * are one absolutely positioned layer over it, each memoised, so a busy day renders quickly.
 */
function Grid(props: ScheduleGridProps) {
  const { date, timeZone, hours, view, rooms } = props;
  const geometry = useMemo(() => {
    const span = hours ? openSpan(hours, date) : null;
    if (!span || span.close - span.open < SLOT_MINUTES) return null;
    return gridGeometry(span, instantAt(date, clockTime(span.open), timeZone), view, rooms);
  }, [hours, date, timeZone, view, rooms]);
  if (!hours || !geometry) {
    const holiday = hours ? (closedHolidayOn(hours.holidays, date) ?? undefined) : undefined;
    return <GridBanner closed={hours ? !openSpan(hours, date) : false} date={date} holiday={holiday} />;
  }
  return <GridBody {...props} geometry={geometry} />;
}

function GridBody(props: ScheduleGridProps & { geometry: GridGeometry }) {
  const { geometry, appointments, maintenance = NO_MAINTENANCE, providerColors, search = '', editable = true } = props;
  const { t } = useLingui();
  const timeText = useFormats().scheduleClock;
  const [announcement] = useState(() => createSignal(''));
  const announce = announcement.set;
  const [drag] = useState(createCardDrag);
  const latest = useRef(props);
  latest.current = props;

  const { shown, place, settle } = useOptimisticPlacements(appointments);
  const placed = useMemo(() => placeAppointments(geometry, shown), [geometry, shown]);
  const byId = useMemo(() => new Map(placed.map((entry) => [entry.appointment.id, entry])), [placed]);
  const windows = useMemo(() => placeMaintenance(geometry, maintenance), [geometry, maintenance]);
  const term = search.trim().toLowerCase();
  const cardsByCell = useMemo(
    () => groupByCell(placed, geometry, (entry) => [entry.box.top, entry.appointment.treatmentRoom]),
    [placed, geometry],
  );
  const windowsByCell = useMemo(
    () => groupByCell(windows, geometry, (entry) => [entry.box.top, entry.window.roomId]),
    [windows, geometry],
  );

  // Card callbacks stay the same function for the grid's lifetime, so memoised cards are not re-rendered by them.
  const byIdRef = useRef(byId);
  byIdRef.current = byId;
  const onMenu = useCallback((id: string, point: { x: number; y: number }, returnFocus: HTMLElement | null) => {
    const entry = byIdRef.current.get(id);
    if (entry) latest.current.onAppointmentMenu?.(entry.appointment, point, returnFocus);
  }, []);
  const onEdit = useCallback((id: string) => {
    const entry = byIdRef.current.get(id);
    if (entry) latest.current.onAppointmentEdit?.(entry.appointment);
  }, []);

  const { cursorRef, bodyProps } = useSlotCursor(geometry, props);
  const { active, bodyProps: focusProps } = useGridFocus({
    geometry,
    dragging: () => drag.source.get()?.dragging ?? false,
    onSlotClick: props.onSlotClick,
    onSlotMenu: props.onSlotMenu,
  });
  const { preview, dnd } = useCardDrag({
    geometry,
    timeZone: props.timeZone,
    shown,
    byId,
    maintenance,
    place,
    settle,
    onMove: props.onMove,
    onResize: props.onResize,
    announce,
  });

  const activeCardShown = active.id !== null && byId.has(active.id);

  const style = {
    '--time-width': `${TIME_COLUMN_PX}px`,
    '--column-width': `${geometry.columnWidth}px`,
    '--row-height': `${geometry.rowHeight}px`,
  } as CSSProperties;

  return (
    <DndContext {...dnd}>
      <div
        className={classes.scroller}
        style={style}
        data-testid="schedule-grid"
        data-date={props.date}
        data-guide="schedule-grid"
      >
        {/* biome-ignore lint/a11y/useSemanticElements: the grid's cells are absolutely placed boxes over one drawn background, not a table */}
        <div
          className={classes.inner}
          style={{ width: TIME_COLUMN_PX + geometry.width }}
          role="grid"
          aria-label={t`Schedule by time and room`}
        >
          {/* biome-ignore lint/a11y/useSemanticElements: the grid's cells are absolutely placed boxes over one drawn background, not a table */}
          {/* biome-ignore lint/a11y/useFocusableInteractive: the grid's cells are absolutely placed boxes over one drawn background, not a table */}
          <div className={classes.head} role="row">
            {/* biome-ignore lint/a11y/useSemanticElements: the grid's cells are absolutely placed boxes over one drawn background, not a table */}
            {/* biome-ignore lint/a11y/useFocusableInteractive: the grid's cells are absolutely placed boxes over one drawn background, not a table */}
            <div className={classes.corner} role="columnheader">
              <span className={classes.srOnly}>
                <Trans>Time</Trans>
              </span>
            </div>
            {geometry.rooms.map((room) => (
              // biome-ignore lint/a11y/useSemanticElements: the grid's cells are absolutely placed boxes over one drawn background, not a table
              // biome-ignore lint/a11y/useFocusableInteractive: the grid's cells are absolutely placed boxes over one drawn background, not a table
              <div key={room.code} className={classes.roomHead} data-testid="room-column" role="columnheader">
                <div className={classes.roomCode}>{room.code}</div>
                {room.name !== room.code && <div className={classes.roomName}>{room.name}</div>}
              </div>
            ))}
          </div>
          <div className={classes.row}>
            <div className={classes.times} aria-hidden="true">
              {geometry.rows.map((label, index) => (
                <div key={label} className={classes.timeLabel} style={{ height: rowHeightAt(geometry, index) }}>
                  {timeText(label)}
                </div>
              ))}
            </div>
            <div
              className={classes.body}
              style={{ width: geometry.width, height: geometry.height }}
              data-view={geometry.view}
              data-bookable={Boolean(props.onSlotClick)}
              data-open-minute={geometry.open}
              data-minute-px={geometry.pxPerMinute}
              data-column-width={geometry.columnWidth}
              data-testid="schedule-body"
              {...bodyProps}
              {...focusProps}
            >
              <div ref={cursorRef} className={classes.cursor} aria-hidden="true" />
              {geometry.rows.map((label, row) => (
                // biome-ignore lint/a11y/useSemanticElements: the grid's cells are absolutely placed boxes over one drawn background, not a table
                // biome-ignore lint/a11y/useFocusableInteractive: the grid's cells are absolutely placed boxes over one drawn background, not a table
                <div
                  key={label}
                  role="row"
                  className={classes.gridRow}
                  style={{ top: row * geometry.rowHeight, height: rowHeightAt(geometry, row) }}
                >
                  {/* biome-ignore lint/a11y/useSemanticElements: the grid's cells are absolutely placed boxes over one drawn background, not a table */}
                  {/* biome-ignore lint/a11y/useFocusableInteractive: the grid's cells are absolutely placed boxes over one drawn background, not a table */}
                  <div role="rowheader" className={classes.srOnly}>
                    {timeText(label)}
                  </div>
                  {geometry.rooms.map((gridRoom, column) => {
                    const key = cellKey(row, column);
                    const tabStop = active.row === row && active.column === column && !activeCardShown;
                    return (
                      // biome-ignore lint/a11y/useSemanticElements: the grid's cells are absolutely placed boxes over one drawn background, not a table
                      <div
                        key={gridRoom.code}
                        role="gridcell"
                        className={classes.cell}
                        data-row={row}
                        data-column={column}
                        data-testid="schedule-cell"
                        tabIndex={tabStop ? 0 : -1}
                        style={{ left: column * geometry.columnWidth, width: geometry.columnWidth }}
                      >
                        {windowsByCell.get(key)?.map(({ window, box, from, to }) => {
                          const Tag = props.onMaintenanceOpen ? 'button' : 'div';
                          const title = window.title;
                          const room = window.roomId;
                          const span = `${timeText(from)}–${timeText(to)}`;
                          return (
                            <Tag
                              key={window.id}
                              {...(Tag === 'button'
                                ? {
                                    type: 'button' as const,
                                    onClick: () => props.onMaintenanceOpen?.(window.id),
                                    'aria-label': t`Maintenance ${title}, ${room}, ${span}: edit`,
                                  }
                                : {})}
                              className={classes.maintenance}
                              style={inCell(geometry, box, row, column)}
                              data-testid="maintenance-card"
                              data-room={window.roomId}
                              data-maintenance-id={window.id}
                              title={`${title} (${span})`}
                            >
                              <Text span size="xs" fw={700} display="block" truncate>
                                {window.title}
                              </Text>
                              <Text span size="xs" display="block" truncate>
                                <Trans>Maintenance · {span}</Trans>
                              </Text>
                            </Tag>
                          );
                        })}
                        {cardsByCell.get(key)?.map(({ appointment, box, time }) => (
                          <AppointmentCard
                            key={appointment.id}
                            appointment={appointment}
                            box={inCell(geometry, box, row, column)}
                            time={time}
                            color={providerColors.get(appointment.providerId) ?? FALLBACK_COLOUR}
                            search={!term ? 'plain' : matchesSearch(appointment, term) ? 'match' : 'dim'}
                            risk={props.risks?.get(appointment.id)}
                            editable={editable}
                            tabStop={active.id === appointment.id}
                            drag={drag}
                            preview={preview}
                            pxPerMinute={geometry.pxPerMinute}
                            onMenu={onMenu}
                            onEdit={onEdit}
                          />
                        ))}
                      </div>
                    );
                  })}
                </div>
              ))}
              <DropPreview preview={preview} geometry={geometry} byId={byId} />
              <CardDragSource drag={drag} editable={editable} />
            </div>
          </div>
        </div>
      </div>
      <LiveRegion text={announcement} />
    </DndContext>
  );
}

function rowHeightAt(geometry: GridGeometry, index: number): number {
  return index === geometry.rows.length - 1 ? geometry.height - index * geometry.rowHeight : geometry.rowHeight;
}

function cellKey(row: number, column: number): string {
  return `${row}:${column}`;
}

/** The cell a card or window starts in: the row of its top edge, the column of its room. */
function groupByCell<T>(
  entries: readonly T[],
  geometry: GridGeometry,
  where: (entry: T) => [top: number, room: string],
): Map<string, T[]> {
  const cells = new Map<string, T[]>();
  const last = geometry.rows.length - 1;
  for (const entry of entries) {
    const [top, room] = where(entry);
    const row = Math.min(Math.max(Math.floor((top + 0.5) / geometry.rowHeight), 0), last);
    const key = cellKey(row, geometry.roomIndex.get(room) ?? 0);
    const list = cells.get(key);
    if (list) list.push(entry);
    else cells.set(key, [entry]);
  }
  return cells;
}

/** A box measured from the body, measured from its cell instead. */
function inCell(geometry: GridGeometry, box: Box, row: number, column: number): Box {
  return {
    ...box,
    top: box.top - row * geometry.rowHeight,
    left: box.left - column * geometry.columnWidth,
  };
}

/**
 * The snapped target of a move. It stays mounted, hidden between drags: dnd-kit re-measures the
 * dragged card whenever nodes are added to or removed from one of its ancestors.
 */
function DropPreview({
  preview,
  geometry,
  byId,
}: {
  preview: Signal<DragPreview | null>;
  geometry: GridGeometry;
  byId: ReadonlyMap<string, PlacedAppointment>;
}) {
  const { t } = useLingui();
  const timeText = useFormats().scheduleClock;
  const shown = useSignal(preview);
  const previewed = shown?.kind === 'move' ? byId.get(shown.id) : undefined;
  if (shown?.kind !== 'move' || !previewed) {
    return <div className={classes.drop} data-testid="drop-preview" hidden />;
  }
  return (
    <div
      className={classes.drop}
      data-conflict={shown.conflict}
      data-testid="drop-preview"
      style={{
        top: (shown.minute - geometry.open) * geometry.pxPerMinute,
        left: (geometry.roomIndex.get(shown.room) ?? 0) * geometry.columnWidth,
        width: geometry.columnWidth,
        height: Math.max(previewed.appointment.duration * geometry.pxPerMinute, MIN_CARD_PX),
      }}
    >
      <span className={classes.dropLabel}>
        {`${timeText(clockTime(shown.minute))} · ${shown.room}${shown.conflict ? ` · ${t`conflict`}` : ''}`}
      </span>
    </div>
  );
}

function LiveRegion({ text }: { text: Signal<string> }) {
  return (
    <div className={classes.srOnly} aria-live="polite">
      {useSignal(text)}
    </div>
  );
}

/** The day grid, exported for standalone use: day data in, user intentions out. */
export const ScheduleGrid = memo(Grid);
