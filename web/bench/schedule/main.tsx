import '@mantine/core/styles.css';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { noShowRisk } from '@dental/domain/scheduling/no-show-risk';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { Calendar, dayjsLocalizer, Views } from 'react-big-calendar';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { GridAppointment } from '../../src/features/scheduling/day/schedule-model.ts';
import { ScheduleGrid } from '../../src/features/scheduling/grid/schedule-grid.tsx';
import { theme } from '../../src/platform/theme/theme.ts';
import { APPOINTMENTS, DATE, HOURS, PROVIDERS, ROOMS, TIME_ZONE } from './day.ts';

const container = document.getElementById('root');
if (!container) throw new Error('no #root');
const root = createRoot(container);

const providerColors = new Map(PROVIDERS.map((provider) => [provider.id, provider.color]));
// One card in four carries a no-show risk marker, about what a day with a few repeat no-show patients shows.
const risks = new Map(
  APPOINTMENTS.filter((_, index) => index % 4 === 0).map((appointment) => [
    appointment.id,
    noShowRisk({
      appointmentDate: appointment.appointmentDate,
      createdAt: '2026-10-01T12:00:00.000Z',
      status: 'scheduled',
      history: { noShows: 2, attended: 3, lastNoShow: '2026-10-15T14:00:00.000Z' },
      timeZone: TIME_ZONE,
    }),
  ]),
);
const localizer = dayjsLocalizer(dayjs);
const resources = ROOMS.map((room) => ({ id: room.code, title: room.name }));
const events = APPOINTMENTS.map((appointment) => ({
  id: appointment.id,
  title: `${appointment.patientName} · ${appointment.procedure}`,
  start: new Date(appointment.appointmentDate),
  end: new Date(Date.parse(appointment.appointmentDate) + appointment.duration * 60_000),
  resourceId: appointment.treatmentRoom,
}));
const [year, month, day] = DATE.split('-').map(Number) as [number, number, number];
const calendarDate = new Date(year, month - 1, day);
const calendarMin = new Date(year, month - 1, day, 8, 0);
const calendarMax = new Date(year, month - 1, day, 18, 0);

function BigCalendarDay() {
  return (
    <div style={{ height: 900 }}>
      <Calendar
        localizer={localizer}
        events={events}
        date={calendarDate}
        onNavigate={() => undefined}
        defaultView={Views.DAY}
        views={[Views.DAY]}
        resources={resources}
        resourceIdAccessor="id"
        resourceTitleAccessor="title"
        step={30}
        timeslots={2}
        min={calendarMin}
        max={calendarMax}
        toolbar={false}
      />
    </div>
  );
}

/** The app's grid with the state a screen would hold: a move updates the appointment list. */
function OurDay() {
  const [appointments, setAppointments] = useState<GridAppointment[]>(APPOINTMENTS);
  return (
    <ScheduleGrid
      date={DATE}
      timeZone={TIME_ZONE}
      hours={HOURS}
      view="hour"
      rooms={ROOMS}
      appointments={appointments}
      maintenance={[]}
      providerColors={providerColors}
      risks={risks}
      editable
      onMove={async (moved, target) => {
        setAppointments((list) =>
          list.map((item) =>
            item.id === moved.id
              ? { ...item, treatmentRoom: target.room, appointmentDate: target.appointmentDate, updatedAt: 'moved' }
              : item,
          ),
        );
        return true;
      }}
      onResize={async () => true}
    />
  );
}

// The grid's texts come from Lingui; the source language needs no catalogue.
i18n.load('en', {});
i18n.activate('en');

function shell(children: ReactNode) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>{children}</MantineProvider>
    </I18nProvider>
  );
}

/** Resolves after the next frame has been produced (rAF, then a task after it). */
function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
  });
}

/** Mount to painted: the React render and commit, style, layout and the frame that shows it. */
async function timeMount(element: ReactNode): Promise<number> {
  flushSync(() => root.render(shell(null)));
  await nextPaint();
  await nextPaint();
  const started = performance.now();
  flushSync(() => root.render(shell(element)));
  container?.getBoundingClientRect();
  await nextPaint();
  return performance.now() - started;
}

function countCards(selector: string): number {
  return document.querySelectorAll(selector).length;
}

const bench = {
  async renderGrid(): Promise<{ ms: number; cards: number }> {
    const ms = await timeMount(<OurDay />);
    return { ms, cards: countCards('[data-testid="appointment-card"]') };
  },
  async renderBigCalendar(): Promise<{ ms: number; cards: number }> {
    const ms = await timeMount(<BigCalendarDay />);
    return { ms, cards: countCards('.rbc-event') };
  },
  /** Mounts a fresh grid (the day as generated) and leaves it for the drag driven from Playwright. */
  async showGrid(): Promise<number> {
    flushSync(() => root.render(shell(null)));
    await nextPaint();
    flushSync(() => root.render(shell(<OurDay />)));
    await nextPaint();
    return countCards('[data-testid="appointment-card"]');
  },
  /**
   * From the pointer release to the frame that paints the card laid out in its new room (no longer
   * the dragged copy): watches each frame. Armed before Playwright releases the mouse.
   */
  armDropProbe(id: string, originLeft: number): void {
    const card = () => document.querySelector<HTMLElement>(`[data-appointment-id="${id}"]:not([data-dragging])`);
    const probe = { releasedAt: 0, paintedAt: 0 };
    window.dropProbe = probe;
    window.addEventListener(
      'pointerup',
      () => {
        probe.releasedAt = performance.now();
        const watch = () => {
          const left = card()?.getBoundingClientRect().left ?? originLeft;
          if (Math.abs(left - originLeft) > 20) {
            probe.paintedAt = performance.now();
            return;
          }
          if (performance.now() - probe.releasedAt < 2000) requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      },
      { capture: true, once: true },
    );
  },
  /** Frame-to-frame intervals while a drag runs, recorded until stopFrames(). */
  startFrames(): void {
    const intervals: number[] = [];
    let last = performance.now();
    let running = true;
    const tick = (now: number) => {
      intervals.push(now - last);
      last = now;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
    window.frameLog = {
      intervals,
      stop: () => {
        running = false;
      },
    };
  },
  stopFrames(): number[] {
    window.frameLog?.stop();
    return window.frameLog?.intervals ?? [];
  },
};

declare global {
  interface Window {
    scheduleBench: typeof bench;
    dropProbe?: { releasedAt: number; paintedAt: number };
    frameLog?: { intervals: number[]; stop: () => void };
  }
}

window.scheduleBench = bench;
