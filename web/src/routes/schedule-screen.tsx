import { useFrontDesk } from '../features/front-desk/index.ts';
import { useScheduleTools } from '../features/schedule-tools/index.ts';
import {
  type FrontDesk,
  type FrontDeskOptions,
  type ScheduleDay,
  SchedulePage,
  type SchedulePageProps,
} from '../features/scheduling/index.ts';
import { WaitlistOffersBanner } from '../features/waitlist/index.ts';

type ScheduleScreenProps = Omit<SchedulePageProps, 'useFrontDesk' | 'useScheduleTools'>;

/**
 * The front desk, with the day's open waitlist offers above its waiting room: the one place the
 * schedule draws add-ons over the grid, so the waitlist needs nothing new from the schedule.
 */
function useFrontDeskAndWaitlist(day: ScheduleDay, options: FrontDeskOptions): FrontDesk {
  const desk = useFrontDesk(day, options);
  return {
    ...desk,
    waitingRoom: (
      <>
        <WaitlistOffersBanner date={day.date} timeZone={day.timeZone} />
        {desk.waitingRoom}
      </>
    ),
  };
}

/** The daily schedule with the front desk, the schedule tools and the waitlist's offers composed in. */
export function ScheduleScreen(props: ScheduleScreenProps) {
  return <SchedulePage {...props} useFrontDesk={useFrontDeskAndWaitlist} useScheduleTools={useScheduleTools} />;
}
