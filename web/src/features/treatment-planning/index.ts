/** Treatment planning: plans with estimate and signature, the treatment note library, the planning assistant. */
export type { TreatmentPlansQuery } from './plans/plans-page.tsx';

/** The pages, loaded apart (each precached for offline use): the shell does not carry their code. */
export const loadTreatmentPlansPage = () => import('./plans/plans-page.tsx');
export const loadNoteLibraryPage = () => import('./library/note-library-page.tsx');
export const loadPlanningAssistantPage = () => import('./assistant/assistant-page.tsx');
