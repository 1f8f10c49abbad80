/** Provider absences and room maintenance, opened from the schedule (see scheduling's ScheduleTools). */
export { useScheduleTools } from './schedule-tools.tsx';
