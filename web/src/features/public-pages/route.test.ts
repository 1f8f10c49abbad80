import { describe, expect, it } from 'vitest';
import { publicAddress } from './route.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrSt_-';

describe('the public page an address opens', () => {
  it.each([
    [`/form/${TOKEN}`, 'form'],
    [`/patient-review/${TOKEN}`, 'review'],
    [`/confirm-appointment/${TOKEN}/`, 'confirm'],
    [`/schedule/${TOKEN}`, 'schedule'],
  ])('%s is the %s page', (path, purpose) => {
    expect(publicAddress(path)).toEqual({ purpose, token: TOKEN });
  });

  it.each([`/form/${TOKEN}x`, '/form/short', `/form/${TOKEN}/more`, `/patients/${TOKEN}`, '/form/'])(
    '%s is no valid link',
    (path) => {
      expect(publicAddress(path)).toBeNull();
    },
  );
});
