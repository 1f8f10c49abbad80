import type { PublicForm } from '@dental/domain/public/public-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compactAnswers, forgetLocalDraft, keepLocalDraft, mergeDraft, readLocalDraft } from './draft.ts';

const forms: PublicForm[] = [
  {
    id: 7,
    name: 'Medical History',
    fields: [
      { name: 'allergies', label: 'Allergies', type: 'textarea', required: false },
      { name: 'pregnant', label: 'Pregnant?', type: 'select', required: true, options: ['Yes', 'No'] },
      { name: 'agree', label: 'I agree', type: 'checkbox', required: true },
      { name: 'signature', label: 'Signature', type: 'signature', required: true },
    ],
  },
];

describe('the draft a form page starts from', () => {
  it('takes this browser’s answers over the server’s, field by field', () => {
    const saved = { '7': { allergies: 'Latex', pregnant: 'No' } };
    const local = { '7': { allergies: 'Latex, penicillin' } };
    expect(mergeDraft(forms, saved, local)).toEqual({ '7': { allergies: 'Latex, penicillin', pregnant: 'No' } });
  });

  it('drops forms and fields no longer asked, values of the wrong kind and any signature value', () => {
    const saved = { '7': { agree: 'yes', signature: 'data:image/png;base64,AAAA', gone: 'x' }, '99': { a: 'b' } };
    const local = { '7': { agree: true, pregnant: 3 } };
    expect(mergeDraft(forms, saved, local)).toEqual({ '7': { agree: true } });
  });

  it('starts empty from nothing or from garbage', () => {
    expect(mergeDraft(forms, {}, undefined)).toEqual({});
    expect(mergeDraft(forms, null, 'not json')).toEqual({});
    expect(mergeDraft(forms, { '7': null }, { '7': [] })).toEqual({});
  });
});

describe('the answers sent', () => {
  it('leave out empty text, keep unticked boxes, and drop forms left with nothing', () => {
    expect(compactAnswers({ '7': { allergies: '', pregnant: 'No', agree: false }, '8': { note: '' } })).toEqual({
      '7': { pregnant: 'No', agree: false },
    });
  });
});

describe('the draft kept in this browser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is kept per link, read back, and forgotten after submission', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    keepLocalDraft('tok-a', { '7': { allergies: 'Latex' } });
    expect(readLocalDraft('tok-a')).toEqual({ '7': { allergies: 'Latex' } });
    expect(readLocalDraft('tok-b')).toBeUndefined();
    forgetLocalDraft('tok-a');
    expect(readLocalDraft('tok-a')).toBeUndefined();
  });

  it('is simply absent when storage is blocked or holds garbage', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => '{not json',
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    });
    expect(readLocalDraft('tok')).toBeUndefined();
    expect(() => keepLocalDraft('tok', {})).not.toThrow();
    expect(() => forgetLocalDraft('tok')).not.toThrow();
  });
});
