import { fold } from '../patients/search/query.ts';
import { WEEKDAY_NAMES } from '../practices/hours.ts';
import { editDistance } from './distance.ts';
import { MONTH_NAMES } from './words.ts';

/**
 * One word of a command: as typed (for names kept in the user's spelling) and folded, with front-desk
 * shorthand expanded and keyword typos corrected. Extractors mark the words they read as `used`, so
 * what is left over is the patient's name.
 */
export interface Token {
  raw: string;
  word: string;
  used: boolean;
}

/** A generous reading, for `adaptations`: "'tmrw' read as 'tomorrow'". */
export interface Reading {
  typed: string;
  readAs: string;
}

/**
 * Front-desk shorthand and a little French. Only the entries worth telling the user about are
 * recorded as adaptations (see SILENT); weekday and month abbreviations are ordinary spelling.
 */
const SHORTHAND: Readonly<Record<string, string>> = {
  appt: 'appointment',
  bk: 'book',
  tx: 'treatment',
  appts: 'appointments',
  apt: 'appointment',
  apts: 'appointments',
  rdv: 'appointment',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmw: 'tomorrow',
  tmrow: 'tomorrow',
  tmro: 'tomorrow',
  tomo: 'tomorrow',
  '2morrow': 'tomorrow',
  '2moro': 'tomorrow',
  demain: 'tomorrow',
  tdy: 'today',
  "aujourd'hui": 'today',
  aujourdhui: 'today',
  pt: 'patient',
  pts: 'patients',
  hyg: 'hygienist',
  chk: 'check',
  ck: 'check',
  checkups: 'checkup',
  whats: 'what',
  resched: 'reschedule',
  sched: 'schedule',
  nxt: 'next',
  prochain: 'next',
  prochaine: 'next',
  cxl: 'cancel',
  canx: 'cancel',
  cncl: 'cancel',
  txt: 'text',
  np: 'new patient',
  rct: 'rootcanal',
  endo: 'rootcanal',
  prophy: 'cleaning',
  dr: 'dr',
  doc: 'dr',
  doctor: 'dr',
  docteur: 'dr',
  dre: 'dr',
  rm: 'room',
  salle: 'room',
  op: 'operatory',
  ops: 'operatory',
  opp: 'operatory',
  min: 'minutes',
  mins: 'minutes',
  minute: 'minutes',
  hr: 'hour',
  hrs: 'hours',
  wk: 'week',
  wks: 'weeks',
  mo: 'month',
  mos: 'months',
  mth: 'month',
  mths: 'months',
  pls: 'please',
  plz: 'please',
  mon: 'monday',
  tue: 'tuesday',
  tues: 'tuesday',
  wed: 'wednesday',
  weds: 'wednesday',
  thu: 'thursday',
  thur: 'thursday',
  thurs: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  sun: 'sunday',
  lundi: 'monday',
  mardi: 'tuesday',
  mercredi: 'wednesday',
  jeudi: 'thursday',
  vendredi: 'friday',
  samedi: 'saturday',
  dimanche: 'sunday',
  jan: 'january',
  janv: 'january',
  janvier: 'january',
  feb: 'february',
  fev: 'february',
  fevr: 'february',
  fevrier: 'february',
  mar: 'march',
  mars: 'march',
  apr: 'april',
  avr: 'april',
  avril: 'april',
  mai: 'may',
  jun: 'june',
  juin: 'june',
  jul: 'july',
  juil: 'july',
  juillet: 'july',
  aug: 'august',
  aout: 'august',
  sep: 'september',
  sept: 'september',
  septembre: 'september',
  oct: 'october',
  octobre: 'october',
  nov: 'november',
  novembre: 'november',
  dec: 'december',
  decembre: 'december',
  matin: 'morning',
  soir: 'evening',
  midi: 'noon',
  midday: 'noon',
  semaine: 'week',
  mois: 'month',
  xrays: 'xray',
  checkin: 'checkin',
  checkup: 'checkup',
  noshow: 'noshow',
  noshows: 'noshows',
  followup: 'followup',
  'e-mail': 'email',
  courriel: 'email',
  reserver: 'book',
  prendre: 'book',
  chercher: 'find',
  rechercher: 'find',
  trouver: 'find',
  horaire: 'schedule',
  agenda: 'schedule',
  deplacer: 'move',
  annuler: 'cancel',
  supprimer: 'delete',
  effacer: 'delete',
  tous: 'all',
  toutes: 'all',
  nouveau: 'new',
  nouvelle: 'new',
  ouvrir: 'open',
  au: 'to',
  rendezvous: 'appointment',
};

/** Shorthand too ordinary to report as an adaptation. */
const SILENT: ReadonlySet<string> = new Set([
  'dr',
  'doc',
  'doctor',
  'rm',
  'op',
  'ops',
  'min',
  'mins',
  'minute',
  'hr',
  'hrs',
  'wk',
  'wks',
  'mo',
  'mos',
  'mth',
  'mths',
  'pls',
  'plz',
  'mon',
  'tue',
  'tues',
  'wed',
  'weds',
  'thu',
  'thur',
  'thurs',
  'fri',
  'sat',
  'sun',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'xrays',
  'checkin',
  'checkup',
  'noshow',
  'noshows',
  'followup',
  'e-mail',
  'checkups',
  'whats',
]);

/** Two-word spellings read as one keyword: 'check in' and 'check-in' are the same command. */
const JOINED: readonly [string, string, string][] = [
  ['check', 'in', 'checkin'],
  ['checked', 'in', 'checkin'],
  ['checking', 'in', 'checkin'],
  ['check', 'up', 'checkup'],
  ['check', 'ups', 'checkup'],
  ['check', 'out', 'checkout'],
  ['checking', 'out', 'checkout'],
  ['checked', 'out', 'checkout'],
  ['no', 'show', 'noshow'],
  ['no', 'showed', 'noshow'],
  ['no', 'shows', 'noshows'],
  ['x', 'ray', 'xray'],
  ['x', 'rays', 'xray'],
  ['follow', 'up', 'followup'],
  ['walk', 'in', 'walkin'],
  ['log', 'in', 'login'],
  ['e', 'mail', 'email'],
  ['look', 'up', 'lookup'],
  ['pull', 'up', 'pullup'],
  ['time', 'off', 'timeoff'],
  ['day', 'off', 'dayoff'],
  ['days', 'off', 'dayoff'],
  ['root', 'canal', 'rootcanal'],
  ['root', 'canals', 'rootcanal'],
  ['rendez', 'vous', 'rendezvous'],
];

/** Words whose misspellings are corrected: the commands' keywords (names are never corrected to them). */
export const KEYWORDS: readonly string[] = [
  'check',
  'appointment',
  'appointments',
  'schedule',
  'reschedule',
  'cancel',
  'book',
  'booking',
  'tomorrow',
  'today',
  'yesterday',
  ...WEEKDAY_NAMES,
  // 'may' is also a word, so nothing is corrected to it.
  ...MONTH_NAMES.filter((month) => month !== 'may'),
  'morning',
  'afternoon',
  'evening',
  'patient',
  'patients',
  'hygienist',
  'cleaning',
  'filling',
  'extraction',
  'consultation',
  'emergency',
  'checkup',
  'checkin',
  'checkout',
  'crown',
  'whitening',
  'fluoride',
  'scaling',
  'reminder',
  'remind',
  'recall',
  'recalls',
  'forms',
  'maintenance',
  'available',
  'availability',
  'opening',
  'search',
  'find',
  'open',
  'chart',
  'create',
  'register',
  'switch',
  'practice',
  'report',
  'revenue',
  'production',
  'settings',
  'billing',
  'calendar',
  'ticket',
  'support',
  'absent',
  'vacation',
  'sick',
  'arrived',
  'noshow',
  'family',
  'operatory',
  'minutes',
  'hours',
  'week',
  'month',
  'next',
  'move',
  'please',
  'insurance',
  'inventory',
  'collections',
  'dashboard',
  'treatment',
  'periodontal',
  'perio',
  'notes',
];

const KEYWORD_SET: ReadonlySet<string> = new Set(KEYWORDS);
const INFLECTIONS = ['s', 'es', 'ed', 'd', 'ing'];

const TOKEN =
  /\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}|\d{1,2}[:h]\d{2}|[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

function prepare(command: string): string {
  return (
    command
      // 'w/ Patel', 'w/Patel'
      .replace(/(^|\s)w\/\s*/gi, '$1with ')
      .replace(/@/g, ' at ')
      // 'p.m.', 'a.m.'
      .replace(/\b([ap])\.\s?m\.?/gi, '$1m')
      .replace(/&/g, ' and ')
      // '9-11', '1-2pm': a range of hours, not one token
      .replace(/(?<![\d\-/:])(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)\s*-\s*(\d{1,2}(?::\d{2})?)(?![\d\-/])/gi, '$1 to $2')
      // French elision: "d'Élise", "l'horaire"
      .replace(/(^|\s)[dl]['’](?=\p{L})/giu, '$1')
  );
}

export interface Normalised {
  tokens: Token[];
  readings: Reading[];
}

/**
 * Splits a command into words, joins two-word keywords, expands shorthand and corrects misspelt
 * keywords. `names` are folded name words of the practice (patients, providers, practices): those are
 * never "corrected" into a keyword, so 'Marie' stays Marie and is not read as 'mark'.
 */
export function normalise(command: string, names: ReadonlySet<string>): Normalised {
  const readings: Reading[] = [];
  const split: Token[] = [];
  for (const match of prepare(command).matchAll(TOKEN)) {
    const raw = match[0].replace(/['’]s$/i, '');
    // "didn't" is didnt: contractions are keywords, not names with an apostrophe.
    split.push({ raw, word: fold(raw).replace(/’/g, "'").replace(/n't$/, 'nt'), used: false });
  }
  const read: Token[] = [];
  for (const token of split) {
    const expanded = SHORTHAND[token.word];
    if (expanded !== undefined) {
      if (!SILENT.has(token.word) && expanded !== token.word) readings.push({ typed: token.raw, readAs: expanded });
      for (const word of expanded.split(' ')) read.push({ raw: token.raw, word, used: false });
      continue;
    }
    const corrected = correct(token.word, names);
    if (corrected) {
      // 'hour' for 'hours' is the same word: each adaptation shows the user a toast, so only real corrections count.
      if (!sameWord(token.word, corrected)) readings.push({ typed: token.raw, readAs: corrected });
      read.push({ raw: token.raw, word: corrected, used: false });
      continue;
    }
    read.push(token);
  }
  const tokens: Token[] = [];
  for (let i = 0; i < read.length; i++) {
    const token = read[i] as Token;
    const next = read[i + 1];
    const pair = next ? JOINED.find(([a, b]) => a === token.word && b === next.word) : undefined;
    if (pair && next) {
      tokens.push({ raw: `${token.raw} ${next.raw}`, word: pair[2], used: false });
      i++;
    } else {
      tokens.push(token);
    }
  }
  return { tokens, readings };
}

/** The keyword a misspelt word stands for, or null: one typo from five letters, two from eight. */
function correct(word: string, names: ReadonlySet<string>): string | null {
  if (word.length < 4 || KEYWORD_SET.has(word) || names.has(word) || /\d/.test(word)) return null;
  // A keyword's plural or past ('books', 'booked') is another word, not a typo.
  if (INFLECTIONS.some((ending) => word.endsWith(ending) && KEYWORD_SET.has(word.slice(0, -ending.length))))
    return null;
  const allowance = word.length >= 8 ? 2 : 1;
  let best: string | null = null;
  let bestDistance = allowance + 1;
  for (const keyword of KEYWORDS) {
    if (Math.abs(keyword.length - word.length) > allowance) continue;
    // Typing rarely slips on the first letter, and a different first letter makes another word ('looking', not 'booking').
    if (keyword[0] !== word[0] || (word.length < 5 && keyword.length < 4)) continue;
    const distance = editDistance(word, keyword, allowance);
    if (distance < bestDistance) {
      best = keyword;
      bestDistance = distance;
    }
  }
  return best;
}

/** Whether two words differ only by an ending: 'hour' and 'hours', 'cleaning' and 'cleanings'. */
function sameWord(a: string, b: string): boolean {
  const stems = (word: string) => [
    word,
    ...INFLECTIONS.filter((e) => word.endsWith(e)).map((e) => word.slice(0, -e.length)),
  ];
  const of = stems(b);
  return stems(a).some((stem) => of.includes(stem));
}

/** Whether any of the words appears (unused or not). */
export function has(tokens: readonly Token[], ...words: string[]): boolean {
  return tokens.some((token) => words.includes(token.word));
}

/** Index of the first token of a phrase ('go to'), or -1. */
export function findPhrase(tokens: readonly Token[], phrase: string): number {
  const words = phrase.split(' ');
  for (let i = 0; i + words.length <= tokens.length; i++) {
    if (words.every((word, k) => tokens[i + k]?.word === word)) return i;
  }
  return -1;
}

export function hasPhrase(tokens: readonly Token[], phrase: string): boolean {
  return findPhrase(tokens, phrase) >= 0;
}
