import { PatientSearch, type SearchablePatient } from '@dental/domain/patients/search';
import type { IndexReply, IndexRequest } from './protocol.ts';

/** What the search worker does with each message: kept apart from the worker so it can be tested in Node. */
export function createIndexHandler(): (message: IndexRequest) => IndexReply | null {
  const index = new PatientSearch<SearchablePatient>();
  return (message) => {
    if (message.type === 'changes') {
      for (const patient of message.upserts) index.upsert(patient);
      for (const id of message.removes) index.remove(id);
      return null;
    }
    const matches = index
      .search(message.query, message.options)
      .map((match) => ({ id: match.patient.id, kind: match.kind, relevance: match.relevance }));
    return { type: 'matches', requestId: message.requestId, matches };
  };
}
