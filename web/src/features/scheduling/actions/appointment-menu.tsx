import { type AppointmentStatus, canTransition, normalizeStatus } from '@dental/domain/scheduling/status-transitions';
import { Trans } from '@lingui/react/macro';
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
import { DANGER_ITEM_COLOR } from '../../../platform/theme/theme.ts';
import type { GridAppointment } from '../day/schedule-model.ts';
import { type MenuPoint, PointMenu } from './point-menu.tsx';
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
  // The shared status rules decide what may follow (a completed visit is final; one in progress
  // cannot be missed): the menu offers only those moves.
  const current = appointment ? normalizeStatus(appointment.status) : undefined;
  const can = (to: AppointmentStatus) => current !== undefined && current !== to && canTransition(current, to);
  const inProgress = current === 'in-progress';
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
            <Trans>Check Out</Trans>
          </Menu.Item>
          <Menu.Item
            leftSection={<IconUserCancel size={16} aria-hidden="true" />}
            disabled={!canEdit}
            onClick={status('un-check-in')}
          >
            <Trans>Un-Check In</Trans>
          </Menu.Item>
        </>
      ) : can('in-progress') ? (
        <Menu.Item
          leftSection={<IconCircleCheck size={16} aria-hidden="true" />}
          disabled={!canEdit}
          onClick={run(on.onCheckIn)}
        >
          <Trans>Check In</Trans>
        </Menu.Item>
      ) : null}
      <Menu.Item leftSection={<IconEdit size={16} aria-hidden="true" />} disabled={!canEdit} onClick={run(on.onEdit)}>
        <Trans>Edit Appointment</Trans>
      </Menu.Item>
      <Menu.Item
        leftSection={<IconArrowsMove size={16} aria-hidden="true" />}
        disabled={!canEdit}
        onClick={run(on.onMove)}
      >
        <Trans>Move…</Trans>
      </Menu.Item>
      <Menu.Item
        leftSection={<IconClockEdit size={16} aria-hidden="true" />}
        disabled={!canEdit}
        onClick={run(on.onChangeDuration)}
      >
        <Trans>Change duration</Trans>
      </Menu.Item>
      <Menu.Item leftSection={<IconClipboardHeart size={16} aria-hidden="true" />} onClick={run(on.onOpenChart)}>
        <Trans>Open Chart</Trans>
      </Menu.Item>
      {can('cancelled') && <Menu.Divider />}
      {can('cancelled') && (
        <Menu.Item
          color={DANGER_ITEM_COLOR}
          leftSection={<IconX size={16} aria-hidden="true" />}
          disabled={!canCancel}
          onClick={status('cancel')}
        >
          <Trans context="appointment menu">Cancel</Trans>
        </Menu.Item>
      )}
      {can('no-show') && (
        <Menu.Item
          color={DANGER_ITEM_COLOR}
          leftSection={<IconUserX size={16} aria-hidden="true" />}
          disabled={!canEdit}
          onClick={status('no-show')}
        >
          <Trans>Mark as No Show</Trans>
        </Menu.Item>
      )}
    </PointMenu>
  );
}
