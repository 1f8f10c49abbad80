/** The waitlist (online): its page, and the banner of the day's open offers the schedule shows. */
export { WaitlistOffersBanner } from './offers-banner.tsx';
export { WaitlistPage } from './waitlist-page.tsx';
