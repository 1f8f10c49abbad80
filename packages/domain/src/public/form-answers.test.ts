import { describe, expect, it } from 'vitest';
import { CHECKOUT } from '../constants.ts';
import { answerProblems, isAnswered, signatureWanted } from './form-answers.ts';
import { type PublicForm, RATING_MAX, RATING_MIN } from './public-api.ts';

const consent: PublicForm = {
  id: 4,
  name: 'Consent for Treatment',
  fields: [
    { name: 'fullName', label: 'Full name', type: 'text', required: true },
    { name: 'email', label: 'Email', type: 'email', required: false },
    { name: 'agree', label: 'I agree', type: 'checkbox', required: true },
    { name: 'anxiety', label: 'Anxiety', type: 'select', required: false, options: ['Not at all', 'Very'] },
    { name: 'signature', label: 'Signature', type: 'signature', required: true },
  ],
};
const history: PublicForm = {
  id: 2,
  name: 'Medical History',
  fields: [{ name: 'allergies', label: 'Allergies', type: 'textarea', required: false }],
};

describe('answers of a public form', () => {
  it('names every required field left empty, the unticked box and the missing signature', () => {
    expect(answerProblems([consent, history], {}, false)).toEqual([
      { formId: 4, field: 'fullName', problem: 'required' },
      { formId: 4, field: 'agree', problem: 'required' },
      { formId: 4, field: 'signature', problem: 'required' },
    ]);
  });

  it('accepts complete answers with a signature, optional fields left empty', () => {
    expect(answerProblems([consent, history], { '4': { fullName: 'Ana', agree: true } }, true)).toEqual([]);
  });

  it('counts blanks as empty and false as an unticked box', () => {
    const field = consent.fields[0];
    if (!field) throw new Error('no field');
    expect(isAnswered(field, '   ')).toBe(false);
    expect(isAnswered({ ...field, type: 'checkbox' }, false)).toBe(false);
    expect(isAnswered({ ...field, type: 'checkbox' }, true)).toBe(true);
    expect(answerProblems([consent], { '4': { fullName: '  ', agree: false } }, true)).toEqual([
      { formId: 4, field: 'fullName', problem: 'required' },
      { formId: 4, field: 'agree', problem: 'required' },
    ]);
  });

  it('refuses a malformed email and a choice not offered, even on optional fields', () => {
    const answers = { '4': { fullName: 'Ana', agree: true, email: 'ana@', anxiety: 'Terrified' } };
    expect(answerProblems([consent], answers, true)).toEqual([
      { formId: 4, field: 'email', problem: 'email' },
      { formId: 4, field: 'anxiety', problem: 'option' },
    ]);
    const fixed = { '4': { fullName: 'Ana', agree: true, email: 'Ana@Example.ca', anxiety: 'Very' } };
    expect(answerProblems([consent], fixed, true)).toEqual([]);
  });

  it('asks for one signature when any form has a signature field', () => {
    expect(signatureWanted([history])).toEqual({ asked: false, required: false });
    expect(signatureWanted([history, consent])).toEqual({ asked: true, required: true });
  });
});

describe('the review page’s scale', () => {
  it('is the API’s rating range (the page reads it from spec 9’s constants)', () => {
    expect([CHECKOUT.satisfactionMin, CHECKOUT.satisfactionMax]).toEqual([RATING_MIN, RATING_MAX]);
  });
});
