import type { AnswerProblem } from '@dental/domain/public/form-answers';
import type { FormFieldDefinition } from '@dental/domain/public/public-api';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, NativeSelect, Textarea, TextInput } from '@mantine/core';

/** The id of a field's input, so a refused submission can take the patient to the first problem. */
export const fieldId = (formId: number, name: string): string => `f-${formId}-${name}`;

const AUTOCOMPLETE: Partial<Record<FormFieldDefinition['type'], string>> = { email: 'email', tel: 'tel' };

/** One question of a form, with its inline refusal once the patient has tried to send. */
export function FormField({
  formId,
  field,
  value,
  problem,
  onChange,
}: {
  formId: number;
  field: FormFieldDefinition;
  value: string | boolean | undefined;
  problem: AnswerProblem | null;
  onChange: (value: string | boolean) => void;
}) {
  const { t } = useLingui();
  const id = fieldId(formId, field.name);
  const error =
    problem === 'required'
      ? field.type === 'checkbox'
        ? t`Please tick this box.`
        : t`This field is required.`
      : problem === 'email'
        ? t`Enter a valid email address, such as name@example.com.`
        : problem === 'option'
          ? t`Choose one of the options.`
          : undefined;
  const common = { id, label: field.label, required: field.required, error, size: 'md' as const };
  const text = typeof value === 'string' ? value : '';

  switch (field.type) {
    case 'checkbox':
      return (
        <Checkbox {...common} checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)} />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          value={text}
          autosize
          minRows={3}
          maxLength={5000}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'select': {
      const options = field.options ?? [];
      const data = [
        { value: '', label: t`Choose…` },
        ...options.map((option, index) => ({ value: option, label: field.optionLabels?.[index] ?? option })),
      ];
      return (
        <NativeSelect {...common} data={data} value={text} onChange={(event) => onChange(event.currentTarget.value)} />
      );
    }
    default:
      return (
        <TextInput
          {...common}
          type={field.type}
          value={text}
          maxLength={5000}
          autoComplete={AUTOCOMPLETE[field.type]}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}
