import type { createMaintenanceSchema } from '../src/scheduling/maintenance.schema.ts';
import type { BodyInput } from './body.ts';

/** A room maintenance request body (POST, or PUT again, /api/maintenance-schedules). */
export type NewMaintenanceInput = BodyInput<typeof createMaintenanceSchema>;

/**
 * A valid maintenance window for Room 1; give it the time. The form's defaults (routine, medium) are
 * left to the server. Not to be confused with `aMaintenanceWindow`, the shape the conflict rules read.
 */
export function aMaintenanceSchedule(
  over: Partial<NewMaintenanceInput> & { startDateTime: string; endDateTime: string },
): NewMaintenanceInput {
  return { roomId: 'Room 1', title: 'Chair hydraulics', ...over };
}
