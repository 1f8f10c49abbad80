/** No-show analytics: the practice's no-show rates (server) and the risk of upcoming appointments (device). */
export { NoShowAnalyticsPage } from './no-show-analytics-page.tsx';
