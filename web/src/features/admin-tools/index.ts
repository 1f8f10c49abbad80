/** Administration tools (issue 21): time zones, caches, CDAnet set-up; online only. */
export { CacheManagementPage } from './cache-management-page.tsx';
export { CdanetConfigurationPage } from './cdanet-configuration-page.tsx';
export { TimezoneManagementPage } from './timezone-management-page.tsx';
