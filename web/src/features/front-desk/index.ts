/** The front desk on the schedule: check-in, check-out and the waiting room (see scheduling's FrontDesk). */
export { QuickCheckInDialog } from './check-in/quick-check-in-dialog.tsx';
export { useFrontDesk } from './front-desk.tsx';
export { WaitBadge } from './waiting-room-panel.tsx';
