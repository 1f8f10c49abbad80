import type { PatientMatchKind, PatientSearchOptions, SearchablePatient } from '@dental/domain/patients/search';

/** What the page tells the search worker: changes to the list, and queries. */
export type IndexRequest =
  | { type: 'changes'; upserts: SearchablePatient[]; removes: string[] }
  | { type: 'search'; requestId: number; query: string; options: PatientSearchOptions };

export interface IndexMatch {
  id: string;
  kind: PatientMatchKind;
  relevance: number;
}

export type IndexReply = { type: 'matches'; requestId: number; matches: IndexMatch[] };
