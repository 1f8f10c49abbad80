import { can } from '@dental/domain/permissions/can';
import { openSpan, timeSlots } from '@dental/domain/practices/hours';
import { instantAt, localTime } from '@dental/domain/time/zones';
import { markMoment } from '@dental/local-store/timing';
import { Trans, useLingui } from '@lingui/react/macro';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { landingDrawn } from '../../platform/offline/landing.ts';
import { useLocalData } from '../../platform/offline/local-data.tsx';
import { LocalDataGate } from '../../platform/offline/local-data-gate.tsx';
import { cachedPreferences } from '../../platform/offline/preferences-cache.ts';
import { PreparingDevice, UpdatingBanner } from '../../platform/offline/preparing-device.tsx';
import { useDayArrival } from '../../platform/offline/sync-status.ts';
import { DurationDialog, MoveDialog } from './actions/adjust-dialogs.tsx';
import { AppointmentMenu, type AppointmentMenuTarget } from './actions/appointment-menu.tsx';
import { SlotMenu, type SlotMenuTarget } from './actions/slot-menu.tsx';
import { useAppointmentActions } from './actions/use-appointment-actions.ts';
import { type GridAppointment, matchesSearch, type SlotView, shownOnGrid } from './day/schedule-model.ts';
import { useNoShowRisks } from './day/use-no-show-risks.ts';
import { useScheduleDay } from './day/use-schedule-day.ts';
import { AppointmentForm } from './form/appointment-form.tsx';
import type { FormInitial } from './form/appointment-form-values.ts';
import { useBookingRequest } from './form/booking-request.ts';
import { useBookingPrefill } from './form/use-booking-prefill.ts';
import { ScheduleGrid, type SlotRef } from './grid/schedule-grid.tsx';
import { practiceToday } from './header/practice-clock.tsx';
import { ScheduleHeader } from './header/schedule-header.tsx';
import type { UseFrontDesk, UseScheduleTools } from './schedule-addons.ts';

export interface SchedulePageProps {
  /** The front desk and the schedule tools, composed in by the route (see schedule-addons.ts). */
  useFrontDesk: UseFrontDesk;
  useScheduleTools: UseScheduleTools;
  /** A patient to book for, from the address (?patientId=). */
  patientId: string | undefined;
  /** The patient was taken into the booking form: the address should forget it. */
  onPatientTaken(): void;
  /** The day to show, from the address (?date=YYYY-MM-DD); today when absent. */
  date?: string | undefined;
  /** The row size, from the address (?view=1h|30min). */
  view?: '1h' | '30min' | undefined;
}

interface FormState {
  opened: boolean;
  session: number;
  initial: FormInitial;
}

function focusedElement(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement ? document.activeElement : null;
}

function DailySchedule({
  useFrontDesk,
  useScheduleTools,
  patientId,
  onPatientTaken,
  date: askedDate,
  view: askedView,
}: SchedulePageProps) {
  const { t } = useLingui();
  const local = useLocalData();
  const { user, arriving } = useAuth();
  const navigate = useNavigate();
  const today = practiceToday(local.timezone);
  const [date, setDate] = useState(askedDate ?? today);
  // The asked view, else the user's default view (issue 21), cached on the device for offline use.
  const [view, setView] = useState<SlotView>(
    (askedView ?? cachedPreferences(user?.id).defaultScheduleView) === '30min' ? 'half-hour' : 'hour',
  );
  // A link to another day or view (the assistant's 'show the schedule for Friday') while the page is open.
  useEffect(() => {
    if (askedDate) setDate(askedDate);
  }, [askedDate]);
  useEffect(() => {
    if (askedView) setView(askedView === '30min' ? 'half-hour' : 'hour');
  }, [askedView]);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const day = useScheduleDay(date);
  const risks = useNoShowRisks(day.appointments, day.date, day.timeZone);
  const actions = useAppointmentActions(day);
  const [form, setForm] = useState<FormState>({ opened: false, session: 0, initial: { date } });
  const [slotMenu, setSlotMenu] = useState<SlotMenuTarget | null>(null);
  const [cardMenu, setCardMenu] = useState<AppointmentMenuTarget | null>(null);
  const [adjusting, setAdjusting] = useState<{ kind: 'move' | 'duration'; appointment: GridAppointment } | null>(null);
  const tools = useScheduleTools(day);

  // A day whose appointments are still arriving is not drawn: an empty grid reads as "nothing booked".
  const arrival = useDayArrival(date);
  const onDevice = arrival === 'arrived' || arrival === 'updating';
  const canEdit = can(user, 'appointments.edit');
  const canCancel = can(user, 'appointments.cancel');
  const closed = day.hours ? !openSpan(day.hours, date) : false;

  const dayRef = useRef(day);
  dayRef.current = day;

  const openForm = useCallback((initial: FormInitial) => {
    setForm((current) => ({ opened: true, session: current.session + 1, initial }));
  }, []);
  const prefill = useCallback(
    (initial: FormInitial) => {
      setDate(initial.date);
      openForm(initial);
      // Taken once: the page remounts when the device's store reopens, and must not open the form again.
      if (patientId) onPatientTaken();
    },
    [openForm, patientId, onPatientTaken],
  );
  useBookingPrefill(day.hours, date, patientId, prefill);
  useBookingRequest(
    useCallback(
      (initial: FormInitial) => {
        setDate(initial.date);
        openForm(initial);
      },
      [openForm],
    ),
  );
  const desk = useFrontDesk(day, { today, canEdit, onBookManually: prefill });

  const onSlotClick = useCallback(
    (slot: SlotRef) => openForm({ date: dayRef.current.date, time: slot.time, room: slot.room }),
    [openForm],
  );
  const onSlotMenu = useCallback((slot: SlotRef, point: { x: number; y: number }) => {
    setSlotMenu({ slot, point: { ...point, returnFocus: focusedElement() } });
  }, []);
  const onAppointmentMenu = useCallback(
    (appointment: GridAppointment, point: { x: number; y: number }, returnFocus: HTMLElement | null) => {
      setCardMenu({ appointment, point: { ...point, returnFocus } });
    },
    [],
  );
  const editAppointment = useCallback(
    (appointment: GridAppointment) => {
      const stored = dayRef.current.appointments.find((entry) => entry.id === appointment.id);
      if (stored && canEdit) openForm({ date: dayRef.current.date, appointment: stored });
    },
    [canEdit, openForm],
  );
  const onMove = useCallback(
    (appointment: GridAppointment, target: SlotRef & { appointmentDate: string }) =>
      actions.move(appointment, { room: target.room, appointmentDate: target.appointmentDate }),
    [actions],
  );

  const shown = useMemo(() => day.appointments.filter(shownOnGrid), [day.appointments]);
  const term = deferredSearch.trim().toLowerCase();
  const matches = term ? shown.filter((appointment) => matchesSearch(appointment, term)).length : null;
  const times = useMemo(() => (day.hours ? timeSlots(day.hours, day.date) : []), [day.hours, day.date]);
  // While a catch-up brings changes, an empty day may only be one whose bookings have not arrived.
  const preparing = arrival === 'arriving' || (arrival === 'updating' && day.loaded && shown.length === 0);
  const canCreate = can(user, 'appointments.create') && onDevice && !preparing;
  const drawn = onDevice && !preparing && day.loaded && day.current;
  useFirstCardsMark(drawn && shown.length > 0, arriving, shown.length);
  useEffect(() => {
    if (drawn) landingDrawn();
  }, [drawn]);
  useEffect(() => markMoment('schedule-shown'), []);

  return (
    <Stack gap="md">
      <ScheduleHeader
        date={date}
        today={today}
        onDateChange={setDate}
        view={view}
        onViewChange={setView}
        search={search}
        onSearchChange={setSearch}
        matches={matches}
        timeZone={day.timeZone}
        roomCount={day.rooms.length}
        providers={day.providers}
        closed={closed || !day.hours}
        canCreate={canCreate}
        canEdit={canEdit}
        onNewAppointment={() => openForm({ date })}
        onProviderAbsence={tools.openAbsence}
        onScheduleMaintenance={() => tools.openMaintenance()}
        absences={tools.absences}
      />
      {onDevice && !preparing && desk.waitingRoom}
      {arrival === 'updating' && !preparing && <UpdatingBanner />}
      {preparing ? (
        <PreparingDevice waitingFor={date === today ? t`Today's schedule` : t`This day`} />
      ) : !onDevice || !day.loaded ? (
        <Center py="xl">
          <Loader aria-label={t`Loading the schedule`} />
        </Center>
      ) : day.rooms.length === 0 && day.hours ? (
        <Text c="dimmed">
          <Trans>No rooms are stored on this device yet. They arrive with the next sync.</Trans>
        </Text>
      ) : (
        <ScheduleGrid
          date={day.date}
          timeZone={day.timeZone}
          hours={day.hours}
          view={view}
          rooms={day.rooms}
          appointments={day.appointments}
          maintenance={day.maintenance}
          providerColors={day.providerColors}
          risks={risks}
          search={deferredSearch}
          editable={canEdit}
          onSlotClick={canCreate ? onSlotClick : undefined}
          onSlotMenu={onSlotMenu}
          onAppointmentMenu={onAppointmentMenu}
          onAppointmentEdit={editAppointment}
          onMove={onMove}
          onResize={actions.resize}
          onMaintenanceOpen={canEdit ? tools.editMaintenance : undefined}
        />
      )}

      <SlotMenu
        target={slotMenu}
        canCreate={canCreate}
        canEdit={canEdit}
        onClose={() => setSlotMenu(null)}
        onAddAppointment={(slot) => openForm({ date: day.date, time: slot.time, room: slot.room })}
        onScheduleMaintenance={tools.openMaintenance}
      />
      <AppointmentMenu
        target={cardMenu}
        canEdit={canEdit}
        canCancel={canCancel}
        onClose={() => setCardMenu(null)}
        onStatus={(appointment, action) => void actions.setStatus(appointment, action)}
        onCheckIn={desk.checkIn}
        onCheckOut={desk.checkOut}
        onEdit={editAppointment}
        onMove={(appointment) => setAdjusting({ kind: 'move', appointment })}
        onChangeDuration={(appointment) => setAdjusting({ kind: 'duration', appointment })}
        onOpenChart={(appointment) =>
          void navigate({ to: '/clinical-charts', search: { patientId: appointment.patientId } })
        }
      />

      <AppointmentForm
        opened={form.opened}
        session={form.session}
        initial={form.initial}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
      {adjusting?.kind === 'move' && (
        <MoveDialog
          appointment={adjusting.appointment}
          time={localTime(adjusting.appointment.appointmentDate, day.timeZone)}
          times={times}
          rooms={day.rooms}
          onClose={() => setAdjusting(null)}
          onMove={(target) =>
            actions.move(adjusting.appointment, {
              room: target.room,
              appointmentDate: instantAt(day.date, target.time, day.timeZone),
            })
          }
        />
      )}
      {adjusting?.kind === 'duration' && (
        <DurationDialog
          appointment={adjusting.appointment}
          onClose={() => setAdjusting(null)}
          onResize={(duration) => actions.resize(adjusting.appointment, duration)}
        />
      )}
      {tools.dialogs}
      {desk.dialogs}
    </Stack>
  );
}

/**
 * The first time cards are drawn on this page, and the first time they are seen: cards drawn beneath
 * the sign-in page are seen when it leaves. The end of a new device's wait (read by `pnpm bench`).
 */
function useFirstCardsMark(drawn: boolean, hidden: boolean, cards: number): void {
  const marked = useRef({ drawn: false, seen: false });
  useEffect(() => {
    if (!drawn) return;
    if (!marked.current.drawn) {
      marked.current.drawn = true;
      markMoment('cards-drawn', { cards });
    }
    if (hidden || marked.current.seen) return;
    marked.current.seen = true;
    requestAnimationFrame(() => setTimeout(() => markMoment('first-cards', { cards }), 0));
  }, [drawn, hidden, cards]);
}

export function SchedulePage(props: SchedulePageProps) {
  return (
    <LocalDataGate>
      <DailySchedule {...props} />
    </LocalDataGate>
  );
}
