import { answerProblems, type FieldProblem, signatureWanted } from '@dental/domain/public/form-answers';
import type { FormAnswers, PublicFormsPage } from '@dental/domain/public/public-api';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SignaturePad } from '../../../platform/signature/signature-pad.tsx';
import { callPublic, type Failure, PublicCallError } from '../api.ts';
import { Done, PageHeader, type PageProps, SendFailure, useDocumentTitle } from '../page-parts.tsx';
import { useSend } from '../use-send.ts';
import { compactAnswers, forgetLocalDraft, keepLocalDraft, mergeDraft, readLocalDraft } from './draft.ts';
import { FormField, fieldId } from './form-field.tsx';

/** Partial answers go to the server this long after the patient stops typing (this browser keeps them at once). */
const DRAFT_DELAY_MS = 2000;
const SIGNATURE_ID = 'signature-section';

type DraftState = 'idle' | 'saving' | 'saved' | 'device';

/** The patient's forms: answered, saved as they go, signed once, sent for the practice's review. */
export function FormPage({ address, page, onEnd }: PageProps<PublicFormsPage>) {
  const { t } = useLingui();
  const practice = page.practice.name;
  const firstName = page.patientFirstName;
  useDocumentTitle(t`Your forms — ${practice}`);
  const phone = page.practice.phone;
  const [answers, setAnswers] = useState<FormAnswers>(() =>
    mergeDraft(page.forms, page.saved, readLocalDraft(address.token)),
  );
  const [signature, setSignature] = useState<string | null>(null);
  const [typedName, setTypedName] = useState('');
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState(false);
  const [draft, setDraft] = useState<DraftState>('idle');
  const { send, busy, failure } = useSend(address, phone, onEnd);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const finished = useRef(false);
  const edited = useRef(false);
  const wanted = useMemo(() => signatureWanted(page.forms), [page.forms]);

  const problems = useMemo(
    () => (tried ? answerProblems(page.forms, answers, signature !== null) : []),
    [tried, page.forms, answers, signature],
  );
  const problemOf = (formId: number, name: string): FieldProblem['problem'] | null =>
    problems.find((problem) => problem.formId === formId && problem.field === name)?.problem ?? null;
  const isSignature = (problem: FieldProblem) =>
    page.forms.find((form) => form.id === problem.formId)?.fields.find((field) => field.name === problem.field)
      ?.type === 'signature';
  const unsigned = problems.some(isSignature);

  const saveDraft = useCallback(
    async (latest: FormAnswers) => {
      setDraft('saving');
      try {
        await callPublic(address, { body: { answers: compactAnswers(latest), draft: true }, phone });
        if (!finished.current) setDraft('saved');
      } catch (error) {
        if (finished.current) return;
        const failed: Failure = error instanceof PublicCallError ? error.failure : { kind: 'network' };
        // A link that stopped working ends the page; anything else waits for the next change or the submission.
        if (failed.kind === 'not-found' || failed.kind === 'gone') onEnd(failed);
        else setDraft('device');
      }
    },
    [address, phone, onEnd],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  // Each change is kept on the device at once and sent once the patient pauses; opening the page is no change.
  useEffect(() => {
    if (!edited.current || finished.current) return;
    keepLocalDraft(address.token, answers);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveDraft(answers), DRAFT_DELAY_MS);
  }, [answers, address.token, saveDraft]);

  const answer = (formId: number, name: string, value: string | boolean) => {
    edited.current = true;
    setAnswers((current) => ({ ...current, [String(formId)]: { ...current[String(formId)], [name]: value } }));
  };

  const onSignature = useCallback((png: string | null) => setSignature(png), []);

  async function submit() {
    setTried(true);
    const found = answerProblems(page.forms, answers, signature !== null);
    const first = found[0];
    if (first) {
      document.getElementById(isSignature(first) ? SIGNATURE_ID : fieldId(first.formId, first.field))?.focus();
      return;
    }
    clearTimeout(timer.current);
    const body = signature ? { answers: compactAnswers(answers), signature } : { answers: compactAnswers(answers) };
    const sent = await send<unknown>(body);
    if (!sent.ok) return;
    finished.current = true;
    forgetLocalDraft(address.token);
    setDone(true);
  }

  if (done) {
    return (
      <Done title={<Trans>Thank you, {firstName}!</Trans>}>
        <Text>
          <Trans>Your forms were sent to {practice}. The team will review them before your visit.</Trans>
        </Text>
      </Done>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader title={<Trans>Your forms</Trans>}>
        <Trans>
          Hello {firstName}, please fill in the forms below before your visit. Fields marked with * are required.
        </Trans>
      </PageHeader>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="lg">
          {page.forms.map((form) => (
            <Paper key={form.id} withBorder p="md" component="section" aria-labelledby={`form-${form.id}`}>
              <Stack gap="md">
                <Title order={2} size="h3" id={`form-${form.id}`}>
                  {form.name}
                </Title>
                {form.fields
                  .filter((field) => field.type !== 'signature')
                  .map((field) => (
                    <FormField
                      key={field.name}
                      formId={form.id}
                      field={field}
                      value={answers[String(form.id)]?.[field.name]}
                      problem={problemOf(form.id, field.name)}
                      onChange={(value) => answer(form.id, field.name, value)}
                    />
                  ))}
              </Stack>
            </Paper>
          ))}
          {wanted.asked && (
            <Paper withBorder p="md" component="section" aria-labelledby="signature-title">
              <Stack gap="sm">
                <Title order={2} size="h3" id="signature-title">
                  <Trans>Signature</Trans>
                  {wanted.required && (
                    <Text span inherit c="var(--mantine-color-error)" aria-hidden>
                      {' *'}
                    </Text>
                  )}
                </Title>
                <Text size="sm">
                  <Trans>By signing, you confirm the answers above. One signature covers every form.</Trans>
                </Text>
                <div id={SIGNATURE_ID} tabIndex={-1}>
                  <SignaturePad
                    onChange={onSignature}
                    typed={typedName}
                    labels={{
                      pad: t`Signature: draw with a finger, a stylus or the mouse`,
                      empty: t`Sign in the box above.`,
                      drawn: t`Signature done.`,
                      clear: t`Clear`,
                    }}
                  />
                </div>
                <TextInput
                  size="md"
                  label={t`Or type your full name to sign`}
                  value={typedName}
                  onChange={(event) => setTypedName(event.currentTarget.value)}
                  maxLength={80}
                  autoComplete="name"
                />
                {unsigned && (
                  <Text c="var(--mantine-color-error)" size="sm" role="alert">
                    <Trans>Please sign in the box, or type your name.</Trans>
                  </Text>
                )}
              </Stack>
            </Paper>
          )}
          {problems.length > 0 && (
            <Alert color="red" role="alert" data-testid="problems">
              <Trans>Some answers are missing or need a correction. They are marked above.</Trans>
            </Alert>
          )}
          <SendFailure failure={failure} />
          <Button type="submit" size="lg" fullWidth loading={busy}>
            <Trans>Send my forms</Trans>
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="draft-state">
            {draft === 'saving' && <Trans>Saving your answers…</Trans>}
            {draft === 'saved' && <Trans>Your answers are saved. You can come back to this link later.</Trans>}
            {draft === 'device' && <Trans>Your answers are kept on this device for now.</Trans>}
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}
