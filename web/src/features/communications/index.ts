/** Communications (online): the message log, templates and sending; SMS templates and replies. */
export { CommunicationsPage, SmsManagementPage } from './communications-page.tsx';
