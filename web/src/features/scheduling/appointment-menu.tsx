import { Menu } from '@mantine/core';
import {
  IconArrowsMove,
  IconCircleCheck,
  IconClipboardHeart,
  IconClockEdit,
  IconEdit,
  IconLogout,
  IconUserCancel,
  IconUserX,
  IconX,
} from '@tabler/icons-react';
import { type MenuPoint, PointMenu } from './point-menu.tsx';
import type { GridAppointment } from './schedule-model.ts';
import type { StatusAction } from './use-appointment-actions.ts';

export interface AppointmentMenuTarget {
  appointment: GridAppointment;
  point: MenuPoint;
}

interface Props {
  target: AppointmentMenuTarget | null;
  canEdit: boolean;
  canCancel: boolean;
  onClose(): void;
  onStatus(appointment: GridAppointment, action: StatusAction): void;
  /** Opens Quick Check-In (spec 2.12). */
  onCheckIn(appointment: GridAppointment): void;
  /** Opens Express Check-Out (spec 2.13), which leads on to the full wizard. */
  onCheckOut(appointment: GridAppointment): void;
  onEdit(appointment: GridAppointment): void;
  onMove(appointment: GridAppointment): void;
  onChangeDuration(appointment: GridAppointment): void;
  onOpenChart(appointment: GridAppointment): void;
}

/**
 * Spec 2.6's appointment menu, plus Move… and Change duration: the keyboard and screen-reader way
 * to do what dragging does.
 */
export function AppointmentMenu({ target, canEdit, canCancel, onClose, ...on }: Props) {
  const appointment = target?.appointment;
  const inProgress = appointment?.status === 'in-progress';
  // A completed visit is final: it can be looked at and edited, not checked in, cancelled or missed.
  const completed = appointment?.status === 'completed';
  const run = (action: (chosen: GridAppointment) => void) => () => {
    if (appointment) action(appointment);
  };
  const status = (action: StatusAction) => run((chosen) => on.onStatus(chosen, action));
  return (
    <PointMenu point={target?.point ?? null} label={appointment?.patientName ?? ''} onClose={onClose}>
      {inProgress ? (
        <>
          <Menu.Item
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            disabled={!canEdit}
            onClick={run(on.onCheckOut)}
          >
            Check Out
          </Menu.Item>
          <Menu.Item
            leftSection={<IconUserCancel size={16} aria-hidden="true" />}
            disabled={!canEdit}
            onClick={status('un-check-in')}
          >
            Un-Check In
          </Menu.Item>
        </>
      ) : completed ? null : (
        <Menu.Item
          leftSection={<IconCircleCheck size={16} aria-hidden="true" />}
          disabled={!canEdit}
          onClick={run(on.onCheckIn)}
        >
          Check In
        </Menu.Item>
      )}
      <Menu.Item leftSection={<IconEdit size={16} aria-hidden="true" />} disabled={!canEdit} onClick={run(on.onEdit)}>
        Edit Appointment
      </Menu.Item>
      <Menu.Item
        leftSection={<IconArrowsMove size={16} aria-hidden="true" />}
        disabled={!canEdit}
        onClick={run(on.onMove)}
      >
        Move…
      </Menu.Item>
      <Menu.Item
        leftSection={<IconClockEdit size={16} aria-hidden="true" />}
        disabled={!canEdit}
        onClick={run(on.onChangeDuration)}
      >
        Change duration
      </Menu.Item>
      <Menu.Item leftSection={<IconClipboardHeart size={16} aria-hidden="true" />} onClick={run(on.onOpenChart)}>
        Open Chart
      </Menu.Item>
      {!completed && <Menu.Divider />}
      {!completed && (
        <Menu.Item
          color="red"
          leftSection={<IconX size={16} aria-hidden="true" />}
          disabled={!canCancel}
          onClick={status('cancel')}
        >
          Cancel
        </Menu.Item>
      )}
      {/* An appointment in progress has started: the patient came, so it cannot become a no-show. */}
      {!inProgress && !completed && (
        <Menu.Item
          color="red"
          leftSection={<IconUserX size={16} aria-hidden="true" />}
          disabled={!canEdit}
          onClick={status('no-show')}
        >
          Mark as No Show
        </Menu.Item>
      )}
    </PointMenu>
  );
}
