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
