export const MAINTENANCE_TYPES = ['routine', 'repair', 'deep-clean', 'equipment-service', 'upgrade'] as const;
export type MaintenanceType = (typeof MAINTENANCE_TYPES)[number];

export const MAINTENANCE_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type MaintenancePriority = (typeof MAINTENANCE_PRIORITIES)[number];

/** A room maintenance window (spec 3); it blocks bookings in its room while it lasts. */
export interface MaintenanceSchedule {
  id: string;
  practiceId: number;
  /** The room code, as appointments name rooms. */
  roomId: string;
  maintenanceType: string;
  title: string;
  description: string | null;
  startDateTime: string;
  endDateTime: string;
  priority: string;
  vendor: string | null;
  cost: number | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}
