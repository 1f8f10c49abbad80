import { fold } from '../patients/search/query.ts';
import type { PatientSearch, SearchablePatient } from '../patients/search.ts';
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
  reports: [
    'production report this month',
    'how many no-shows last week',
    'new patients this year',
    'show recalls due this month',
  ],
  guidance: [
    'how do I book an appointment',
    'how do I check in a patient',
    'how do I add a new patient',
    'how do I record a provider absence',
    'how do I work offline',
  ],
};

const ALL_TEMPLATES: readonly string[] = Object.values(TEMPLATES).flat();
/** Templates that stand without a name, offered as they are. */
const PLAIN_TEMPLATES: readonly string[] = ALL_TEMPLATES.filter((template) => !template.includes('{patient}'));
const MAX_SUGGESTIONS = 8;

interface NamedPerson {
  name: string;
  folded: string;
}

/** Completions for a partial command: recent commands, then names being typed, then templates. */
export class Suggester {
  private readonly providers: NamedPerson[];

  /** `search` is the interpreter's patient index, shared rather than built twice. */
  constructor(
    data: AssistantData,
    private readonly search: PatientSearch<AssistantPatient & SearchablePatient>,
  ) {
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
      if (out.length < MAX_SUGGESTIONS && !out.includes(suggestion) && fold(suggestion) !== folded)
        out.push(suggestion);
    };
    for (const past of context?.inputHistory ?? []) if (folded && fold(past).startsWith(folded)) add(past);
    for (const name of this.names(typed)) add(name);
    for (const template of PLAIN_TEMPLATES) if (!folded || fold(template).startsWith(folded)) add(template);
    if (folded) for (const template of closestTemplates(typed, MAX_SUGGESTIONS)) add(template);
    return out;
  }

  /** Completions of a name being typed as the last word: 'book mau' → 'book Maurine Schroeder tomorrow …'. */
  private names(typed: string): string[] {
    const words = typed.trimEnd().split(/\s+/);
    const last = words[words.length - 1] ?? '';
    const head = words.slice(0, -1).join(' ');
    const partial = fold(last).replace(/^dr\.?/, '');
    if (words.length < 2 || partial.length < 2 || /\d/.test(partial) || /\s$/.test(typed)) return [];
    // A word some template goes on with ('how do', 'check in') is a command being typed, not a name.
    if (PLAIN_TEMPLATES.some((template) => fold(template).startsWith(fold(typed)))) return [];
    const lead = fold(head);
    const out: string[] = [];
    const afterDr = /(^|\s)(dr|doctor|with|w\/)$/.test(lead) || /^dr/.test(fold(last));
    for (const provider of this.providers) {
      if (provider.folded.split(' ').some((word) => word.startsWith(partial))) {
        out.push(`${head.replace(/\s*(dr\.?|doctor)$/i, '')} ${provider.name}`.trim());
      }
    }
    // Two letters name too many patients to be worth listing.
    if (!afterDr && partial.length >= 3) {
      for (const match of this.search.search(partial, { threshold: 0, limit: 4 })) {
        out.push(this.completeWithTemplate(head, `${match.patient.firstName} ${match.patient.lastName}`));
      }
    }
    return out;
  }

  /** 'book' + Maurine Schroeder → the booking template with her name in it. */
  private completeWithTemplate(head: string, name: string): string {
    const lead = fold(head);
    const template = ALL_TEMPLATES.find((t) => t.includes('{patient}') && fold(t).startsWith(`${lead} {patient}`));
    return template ? template.replace('{patient}', name) : `${head} ${name}`;
  }
}

/** Templates sharing the most words with a command, for 'did you mean'. */
function closestTemplates(command: string, count: number): string[] {
  const words = new Set(
    fold(command)
      .split(/\W+/)
      .filter((word) => word.length > 2),
  );
  const scored = PLAIN_TEMPLATES.map((plain, index) => {
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
export function unknownSuggestions(command: string): string[] {
  const close = closestTemplates(command, 3);
  if (close.length > 0) return close;
  return ["show today's schedule", 'find a free slot tomorrow afternoon', 'how do I book an appointment'];
}
