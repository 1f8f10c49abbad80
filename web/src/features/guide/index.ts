/**
 * The floating step-by-step guide (issue 18 point 7): the provider the shell mounts, the controls the
 * assistant opens guides with, and the header's menu of guides.
 */
export { GuideProvider, useGuide } from './guide-context.tsx';
export { GuidesMenu } from './guides-menu.tsx';
