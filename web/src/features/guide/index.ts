/**
 * The floating step-by-step guide (issue 18 point 7). A stub until the guide lands: the assistant and the
 * shell code against this entry.
 */
export { GuideProvider, GuidesMenu, useGuide } from './guide-context.tsx';
