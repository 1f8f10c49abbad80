/** The front desk on the schedule: check-in, check-out and the waiting room (see scheduling's FrontDesk). */
export { useFrontDesk } from './front-desk.tsx';
