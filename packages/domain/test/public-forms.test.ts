import { describe, expect, it } from 'vitest';
import { mergeHistoryAnswers, submissionIssues } from '../src/public/form-submission.ts';
import { publicForm } from '../src/public/form-template.ts';
import type { PublicForm } from '../src/public/public-api.ts';

const stored = {
  id: 4,
  title: 'Consent',
  titleFr: 'Consentement',
  fields: [
    { name: 'treatment', label: 'Treatment', labelFr: 'Traitement', type: 'textarea', required: true },
    {
      name: 'ok',
      label: 'OK?',
      labelFr: 'D’accord?',
      type: 'select',
      required: false,
      options: ['Yes', 'No'],
      optionLabelsFr: ['Oui', 'Non'],
    },
    { name: 'signature', label: 'Signature', type: 'signature', required: true },
    { name: 'broken', type: 'unknown' },
  ],
};

describe('a form template on a patient’s page', () => {
  it('speaks the patient’s language, keeps option values, and drops fields it cannot show', () => {
    expect(publicForm(stored, 'fr')).toEqual({
      id: 4,
      name: 'Consentement',
      fields: [
        { name: 'treatment', label: 'Traitement', type: 'textarea', required: true },
        {
          name: 'ok',
          label: 'D’accord?',
          type: 'select',
          required: false,
          options: ['Yes', 'No'],
          optionLabels: ['Oui', 'Non'],
        },
        { name: 'signature', label: 'Signature', type: 'signature', required: true },
      ],
    });
    expect(publicForm({ ...stored, titleFr: null }, 'fr').name).toBe('Consent');
    expect(publicForm(stored, 'en').fields[1]).toEqual({
      name: 'ok',
      label: 'OK?',
      type: 'select',
      required: false,
      options: ['Yes', 'No'],
    });
  });
});

describe('a final submission', () => {
  const forms: PublicForm[] = [publicForm(stored, 'en'), { ...publicForm(stored, 'en'), id: 5 }];

  it('names every required field left empty, and the signature once', () => {
    const issues = submissionIssues(forms, { 4: { treatment: '  ' }, 5: { treatment: 'Crown', ok: 'Maybe' } }, null);
    expect(issues.map((issue) => issue.field)).toEqual(['answers.4.treatment', 'signature', 'answers.5.ok']);
  });

  it('takes complete answers', () => {
    expect(
      submissionIssues(
        forms,
        { 4: { treatment: 'Crown' }, 5: { treatment: 'Crown', ok: 'No' } },
        'data:image/png;base64,AA==',
      ),
    ).toEqual([]);
  });
});

describe('accepting history answers', () => {
  it('adds new entries once, whatever their case, and leaves unchanged lists out', () => {
    const history = { conditions: ['Asthma'], medications: [], allergies: ['Latex'] };
    expect(
      mergeHistoryAnswers(history, {
        2: { conditions: 'asthma, Diabetes;  diabetes\nGout', allergies: 'LATEX', pregnant: 'No' },
      }),
    ).toEqual({ conditions: ['Asthma', 'Diabetes', 'Gout'] });
  });
});
