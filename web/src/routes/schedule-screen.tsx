import { useFrontDesk } from '../features/front-desk/index.ts';
import { useScheduleTools } from '../features/schedule-tools/index.ts';
import { SchedulePage, type SchedulePageProps } from '../features/scheduling/index.ts';

type ScheduleScreenProps = Omit<SchedulePageProps, 'useFrontDesk' | 'useScheduleTools'>;

/** The daily schedule with the front desk and the schedule tools composed in. */
export function ScheduleScreen(props: ScheduleScreenProps) {
  return <SchedulePage {...props} useFrontDesk={useFrontDesk} useScheduleTools={useScheduleTools} />;
}
