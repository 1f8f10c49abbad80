import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { loginSearch, patientIdSearch, patientsSearch } from './search-params.ts';

describe('search parameters of the routes', () => {
  it("keeps the patients list's parameters that are valid and drops the rest, never refusing the page", () => {
    expect(
      v.parse(patientsSearch, {
        search: 'okafor',
        page: '3',
        pageSize: 50,
        sort: '-name',
        ageMin: '18',
        ageMax: 500,
        city: 'Toronto',
        province: 'XX',
      }),
    ).toEqual({
      search: 'okafor',
      page: 3,
      pageSize: 50,
      sort: '-name',
      ageMin: 18,
      ageMax: undefined,
      city: 'Toronto',
      province: undefined,
    });
    expect(v.parse(patientsSearch, { pageSize: 7, sort: 'age', page: '0' })).toMatchObject({
      pageSize: undefined,
      sort: undefined,
      page: undefined,
    });
  });

  it('keeps a patient id as text, trimmed, and drops an empty one', () => {
    expect(v.parse(patientIdSearch, { patientId: 42 })).toEqual({ patientId: '42' });
    expect(v.parse(patientIdSearch, { patientId: '  p-1 ' })).toEqual({ patientId: 'p-1' });
    expect(v.parse(patientIdSearch, { patientId: '' })).toEqual({ patientId: undefined });
  });

  it('takes any text as where to go after signing in; the sign-in page checks it', () => {
    expect(v.parse(loginSearch, { redirect: '/patients?page=2' })).toEqual({ redirect: '/patients?page=2' });
    expect(v.parse(loginSearch, { redirect: 7 })).toEqual({ redirect: undefined });
  });
});
