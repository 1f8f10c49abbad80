/** Recall worklists (issue 19): the plain and smart worklists, and the recall types' management. Online only. */
export { RecallManagementPage } from './recall-types-page.tsx';
export { RecallsPage, SmartRecallsPage } from './worklist-page.tsx';
