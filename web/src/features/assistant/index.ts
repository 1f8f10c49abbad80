/**
 * The Ninja AI assistant (issue 18): plain-language commands interpreted on this device, each write
 * previewed and done only on confirmation, offline where the data is.
 */
export { Assistant, type AssistantProps } from './assistant-dialog.tsx';
