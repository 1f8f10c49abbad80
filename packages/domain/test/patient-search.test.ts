import { describe, expect, it } from 'vitest';
import { PATIENTS } from '../src/constants.ts';
import { PatientSearch, type SearchablePatient, searchPatients } from '../src/patients/search.ts';

function patient(
  id: string,
  firstName: string,
  lastName: string,
  extra: Partial<SearchablePatient> = {},
): SearchablePatient {
  return { id, firstName, lastName, phone: '9055550100', dateOfBirth: null, email: null, ...extra };
}

const people = [
  patient('john', 'John', 'Smith', { phone: '4165550123', dateOfBirth: '1985-03-14', email: 'john.smith@example.com' }),
  patient('joan', 'Joan', 'Baker', { phone: '6475559876' }),
  patient('johnny', 'Johnny', 'Walker', { phone: '4165557777' }),
  patient('mary', 'Mary', 'Johnson', { phone: '4165551111', email: 'mary@example.com' }),
  patient('li', 'Li', 'Wei', { phone: '6045552222', dateOfBirth: '1990-12-01' }),
  patient('broken', '[Decryption Error]', '[Decryption Error]', { phone: '[Decryption Error]' }),
];

const ids = (query: string, options = {}) => new PatientSearch(people).search(query, options).map((m) => m.patient.id);

describe('patient search (spec 5 and 9)', () => {
  it('tolerates a typo: "Jhon" finds John', () => {
    expect(ids('Jhon')).toContain('john');
    expect(ids('Smtih')).toContain('john');
    expect(ids('Jhon')[0]).toBe('john');
  });

  it('matches phone digits typed in any format, by prefix', () => {
    expect(ids('416555')).toEqual(expect.arrayContaining(['john', 'johnny', 'mary']));
    expect(ids('416555')).not.toContain('joan');
    expect(ids('(416) 555-0123')).toEqual(['john']);
    expect(ids('416-555-01')).toEqual(['john']);
    expect(ids('+1 416 555 0123')).toEqual(['john']);
  });

  it('does not treat a near-miss phone number as a typo', () => {
    expect(ids('4165550124')).toEqual([]);
  });

  it('matches a date of birth as stored and as typed', () => {
    expect(ids('1985-03-14')).toEqual(['john']);
    expect(ids('1985/3/14')).toEqual(['john']);
    expect(ids('14/03/1985')).toEqual(['john']);
    expect(ids('19900112').length).toBe(0);
    expect(ids('1990-12')).toEqual(['li']);
  });

  it('matches email and the name in either order', () => {
    expect(ids('mary@example.com')[0]).toBe('mary');
    expect(ids('Smith John')).toEqual(['john']);
    expect(ids('Smith, John')).toEqual(['john']);
    expect(ids('john smith')[0]).toBe('john');
  });

  it('ranks exact before prefix before fuzzy', () => {
    const matches = new PatientSearch(people).search('john');
    expect(matches.map((m) => [m.patient.id, m.kind])).toEqual([
      ['john', 'exact'],
      ['mary', 'prefix'],
      ['johnny', 'prefix'],
      ['joan', 'fuzzy'],
    ]);
    expect(matches[0]?.relevance).toBe(PATIENTS.boostExact);
    expect(matches[1]?.relevance).toBe(PATIENTS.boostStart);
    expect(matches[3]?.relevance).toBeLessThanOrEqual(1);
  });

  it('returns at most the limit, best first', () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      patient(`p${i}`, `Sam${i}`, 'Taylor', { phone: `41655500${String(i).padStart(2, '0')}` }),
    );
    const found = searchPatients([patient('exact', 'Taylor', 'Exact'), ...many], 'taylor', {
      limit: PATIENTS.searchMaxResults,
    });
    expect(found).toHaveLength(8);
    expect(found[0]?.id).toBe('exact');
  });

  it('is stricter at the patients-page threshold and never matches unreadable values', () => {
    expect(ids('Jhonn', { threshold: PATIENTS.fuzzyThresholdPatientsPage })).not.toContain('mary');
    expect(ids('decryption')).toEqual([]);
    expect(ids(' ')).toEqual([]);
  });
});

describe('patient search: every kind of query', () => {
  const more = [
    patient('helene', 'Hélène', 'Bélanger', { phone: '5145550142', email: 'helene.belanger@example.ca' }),
    patient('an', 'An', 'Nguyễn', { phone: '4385559012', dateOfBirth: '2001-07-04' }),
    patient('hyphen', 'Ana', 'Smith-Jones', { phone: '6135550199' }),
    patient('quenneville', 'Offlina', 'Quenneville', { phone: '6135550123' }),
    patient('protected', '[Protected]', 'Lambert', { phone: '[Protected]', email: '[Protected]', dateOfBirth: null }),
  ];
  const search = (query: string, options = {}) =>
    new PatientSearch([...people, ...more]).search(query, options).map((m) => m.patient.id);

  it.each([
    ['helene', 'helene'],
    ['Helene Belanger', 'helene'],
    ['belanger helene', 'helene'],
    ['Bélanger', 'helene'],
    ['nguyen', 'an'],
    ['Nguyễn An', 'an'],
  ])('folds accents: %s finds %s', (query, id) => {
    expect(search(query)[0]).toBe(id);
  });

  it('finds each word of a hyphenated name, and the whole', () => {
    expect(search('jones')).toContain('hyphen');
    expect(search('smith-jones')[0]).toBe('hyphen');
  });

  it('counts one swapped pair as one typo, and allows two typos only in long words', () => {
    expect(search('Smtih', { threshold: PATIENTS.fuzzyThresholdPatientsPage })).toContain('john');
    expect(search('Quennevlile')).toContain('quenneville');
    expect(search('Qeunnevlile')).toContain('quenneville');
    expect(search('Jhn')).not.toContain('john');
  });

  it('finds typos in the start of a name being typed, whole names first', () => {
    expect(search('Quenen')).toContain('quenneville');
    const matches = new PatientSearch(people).search('Jhon');
    expect(matches.map((m) => m.patient.id)).toEqual(['john', 'mary', 'johnny']);
    expect(matches.every((m) => m.kind === 'fuzzy')).toBe(true);
  });

  it('matches the last digits of a phone, after the phones that start with them, in name order', () => {
    expect(search('0123')).toEqual(['quenneville', 'john']);
    expect(search('555-0123')).toEqual(['quenneville', 'john']);
    expect(search('416555012')).toEqual(['john']);
    expect(search('613 555')).toEqual(['quenneville', 'hyphen']);
  });

  it('matches an email by its start', () => {
    expect(search('helene.bel')).toEqual(['helene']);
    expect(search('john.smith@example.com')).toEqual(['john']);
  });

  it('matches a birth date typed as a day, month and year in either order', () => {
    expect(search('04/07/2001')).toEqual(['an']);
    expect(search('2001-07')).toEqual(['an']);
  });

  it("never matches a value the device could not open, but still the record's readable fields", () => {
    expect(search('protected')).toEqual([]);
    expect(search('lambert')).toEqual(['protected']);
  });
});

describe('patient search: an index kept up to date write by write', () => {
  it('finds a patient created, then edited, and no longer once deleted', () => {
    const index = new PatientSearch(people);
    const created = patient('new', 'Théodore', 'Ouellette', { phone: '8195550100', dateOfBirth: '1977-02-03' });
    index.upsert(created);
    expect(index.search('theo').map((m) => m.patient.id)).toEqual(['new']);
    expect(index.search('8195550100').map((m) => m.patient.id)).toEqual(['new']);

    index.upsert({ ...created, lastName: 'Gagnon', phone: '8195550999' });
    expect(index.search('ouellette')).toEqual([]);
    expect(index.search('8195550100')).toEqual([]);
    expect(index.search('gagnon').map((m) => m.patient.id)).toEqual(['new']);
    expect(index.search('Théodore Gagnon')[0]?.kind).toBe('exact');

    index.remove('new');
    expect(index.search('gagnon')).toEqual([]);
    expect(index.search('theodore')).toEqual([]);
    expect(index.size).toBe(people.length);
  });

  it('sync brings the index to a new list: added, changed and removed patients', () => {
    const index = new PatientSearch(people);
    const [john, ...rest] = people;
    if (!john) throw new Error('no john');
    index.sync([
      { ...john, firstName: 'Jonathan' },
      ...rest.filter((p) => p.id !== 'mary'),
      patient('zed', 'Zed', 'Zorn'),
    ]);
    expect(index.search('jonathan').map((m) => m.patient.id)).toEqual(['john']);
    expect(index.search('mary')).toEqual([]);
    expect(index.search('zorn').map((m) => m.patient.id)).toEqual(['zed']);
    expect(index.size).toBe(people.length);
  });

  it('answers the same after any order of writes as an index built from the final list', () => {
    const index = new PatientSearch<SearchablePatient>([]);
    const renamed = people.map((p, i) => ({ ...p, lastName: `${p.lastName}${i % 2 ? 'son' : ''}` }));
    for (const p of people) index.upsert(p);
    for (const p of renamed) index.upsert(p);
    const fresh = new PatientSearch(renamed);
    for (const query of ['john', 'smithson', 'wei', 'jhon', '4165', 'bakerson']) {
      expect(index.search(query), query).toEqual(fresh.search(query));
    }
  });
});
