import { fold } from '../patients/search/query.ts';
import { PatientSearch } from '../patients/search.ts';
import type { AssistantData, AssistantPatient, CommandContext } from './contract.ts';
import { providerName } from './entities.ts';

/** Spec 2.15's command templates, by group; `{patient}` is filled with a name when one is being typed. */
export const TEMPLATES: Readonly<Record<string, readonly string[]>> = {
  patients: [
    'find patient {patient}',
    'open {patient}',
    'new patient John Smith 416-555-0199',
    'send forms to {patient} by email',
    'create recall for {patient} cleaning 6 months',
  ],
  appointments: [
    'book {patient} tomorrow at 10am for a cleaning',
    'check in {patient}',
    'move {patient} to Friday at 2pm',
    'cancel {patient} appointment',
    'mark {patient} as no-show',
    "show today's schedule",
    'find a free slot tomorrow afternoon',
    'send reminder to {patient}',
  ],
  treatment: ['open chart for {patient}', 'perio chart for {patient}', 'go to treatment plans'],
  billing: ['go to billing', 'open insurance', 'go to collections'],
  reports: ['production report this month', 'how many no-shows last week', 'new patients this year', 'show recalls due this month'],
  guidance: [
    'how do I book an appointment',
    'how do I check in a patient',
    'how do I add a new patient',
    'how do I record a provider absence',
    'how do I work offline',
  ],
};

const ALL_TEMPLATES: readonly string[] = Object.values(TEMPLATES).flat();
const MAX_SUGGESTIONS = 8;

interface NamedPerson {
  name: string;
  folded: string;
}

/** Completions for a partial command: recent commands, then names being typed, then templates. */
export class Suggester {
  private readonly search: PatientSearch<AssistantPatient & { email: string | null }>;
  private readonly providers: NamedPerson[];

  constructor(data: AssistantData) {
    this.search = new PatientSearch(data.patients.map((patient) => ({ ...patient, email: patient.email ?? null })));
    this.providers = data.providers
      .filter((provider) => provider.role === 'doctor' || provider.role === 'hygienist')
      .map((provider) => {
        const name = providerName(provider);
        return { name, folded: fold(`${provider.firstName} ${provider.lastName} ${provider.lastName}`) };
      });
  }

  suggest(input: string, cursor?: number, context?: CommandContext): string[] {
    const typed = input.slice(0, cursor ?? input.length);
    const folded = fold(typed);
    const out: string[] = [];
    const add = (suggestion: string) => {
      if (out.length < MAX_SUGGESTIONS && !out.includes(suggestion) && fold(suggestion) !== folded) out.push(suggestion);
    };
    for (const past of context?.inputHistory ?? []) if (folded && fold(past).startsWith(folded)) add(past);

    const words = typed.trimEnd().split(/\s+/);
    const last = words.length > 1 || !startsTemplate(folded) ? (words[words.length - 1] ?? '') : '';
    const head = words.slice(0, -1).join(' ');
    if (fold(last).length >= 2 && !/\d/.test(last)) {
      const lead = fold(head);
      const afterDr = /(^|\s)(dr|doctor|with|w\/)$/.test(lead);
      if (!afterDr) {
        for (const match of this.search.search(last, { threshold: 0, limit: 4 })) {
          const name = `${match.patient.firstName} ${match.patient.lastName}`;
          add(this.completeWithTemplate(head, name));
        }
      }
      const start = fold(last).replace(/^dr\.?/, '');
      for (const provider of this.providers) {
        if (start && provider.folded.split(' ').some((word) => word.startsWith(start))) {
          const prefix = afterDr ? head.replace(/\s*(dr\.?|doctor)$/i, '') : head;
          add(`${prefix ? `${prefix} ` : ''}${afterDr && /with|w\//.test(lead) ? '' : ''}${provider.name}`.trim());
        }
      }
    }
    for (const template of ALL_TEMPLATES) {
      const plain = template.replace(' {patient}', '').replace('{patient}', '');
      if (!folded || fold(plain).startsWith(folded) || fold(template).startsWith(folded)) add(plain);
    }
    if (out.length < MAX_SUGGESTIONS && folded) {
      for (const template of closestTemplates(typed, MAX_SUGGESTIONS)) add(template);
    }
    return out;
  }

  /** 'book' + Maurine Schroeder → the booking template with her name in it. */
  private completeWithTemplate(head: string, name: string): string {
    const lead = fold(head);
    if (lead) {
      const template = ALL_TEMPLATES.find((t) => t.includes('{patient}') && fold(t).startsWith(`${lead} {patient}`));
      if (template) return template.replace('{patient}', name);
    }
    return `${head ? `${head} ` : ''}${name}`;
  }
}

function startsTemplate(folded: string): boolean {
  return ALL_TEMPLATES.some((template) => fold(template).startsWith(folded));
}

/** Templates sharing the most words with a command, for 'did you mean'. */
function closestTemplates(command: string, count: number): string[] {
  const words = new Set(fold(command).split(/\W+/).filter((word) => word.length > 2));
  const scored = ALL_TEMPLATES.map((template, index) => {
    const plain = template.replace(' {patient}', '').replace('{patient}', '');
    const overlap = fold(plain)
      .split(/\W+/)
      .filter((word) => words.has(word)).length;
    return { plain, overlap, index };
  });
  return scored
    .filter((entry) => entry.overlap > 0)
    .sort((a, b) => b.overlap - a.overlap || a.index - b.index)
    .slice(0, count)
    .map((entry) => entry.plain);
}

/** Up to 3 commands the user may have meant. */
export function unknownSuggestions(command: string, _suggester: Suggester): string[] {
  const close = closestTemplates(command, 3);
  if (close.length > 0) return close;
  return ['book {patient} tomorrow at 10am for a cleaning', "show today's schedule", 'how do I book an appointment'].map(
    (template) => template.replace(' {patient}', ''),
  );
}
