/** The support dialog (issue 19 point 7): help options, tickets, and the administrator's answers. */
export { SupportDialog, type SupportDialogProps } from './support-dialog.tsx';
export { SupportMenuItem } from './support-menu-item.tsx';
