/** The audit trail and security dashboard screens; online only, loaded when first opened. */
export { AuditTrailPage } from './audit-trail-page.tsx';
export { SecurityDashboardPage } from './security-dashboard-page.tsx';
