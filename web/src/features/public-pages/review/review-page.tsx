import { CHECKOUT } from '@dental/domain/constants';
import { formatLongDate } from '@dental/domain/i18n/formats';
import type { PublicReviewPage } from '@dental/domain/public/public-api';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Radio, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Done, PageHeader, type PageProps, SendFailure, useDocumentTitle } from '../page-parts.tsx';
import { useSend } from '../use-send.ts';

// Spec 9's satisfaction scale, which the API's RATING_MIN and RATING_MAX also are; imported from the constants
// because public-api.ts brings valibot and the scheduling rules with it, too much for a phone.
const { satisfactionMin, satisfactionMax } = CHECKOUT;
const RATINGS = Array.from({ length: satisfactionMax - satisfactionMin + 1 }, (_, index) => satisfactionMin + index);
/** What each step of the scale means; the number alone says little to a screen reader. */
const RATING_WORDS = [msg`Very poor`, msg`Poor`, msg`Fair`, msg`Good`, msg`Excellent`];

/** The patient's review of a visit: a rating from 1 to 5 and, if they wish, a comment. */
export function ReviewPage({ address, page, onEnd }: PageProps<PublicReviewPage>) {
  const { t, i18n } = useLingui();
  const practice = page.practice.name;
  const firstName = page.patientFirstName;
  useDocumentTitle(t`Your visit — ${practice}`);
  const [rating, setRating] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState(false);
  const { send, busy, failure } = useSend(address, page.practice.phone, onEnd);
  const visitDate = page.visit ? formatLongDate(page.visit.date, page.language) : null;
  const provider = page.visit?.provider ?? null;

  async function submit() {
    setTried(true);
    if (rating === null) {
      document.getElementById('rating-1')?.focus();
      return;
    }
    const text = comment.trim();
    const sent = await send<unknown>(text ? { rating: Number(rating), comment: text } : { rating: Number(rating) });
    if (sent.ok) setDone(true);
  }

  if (done) {
    return (
      <Done title={<Trans>Thank you, {firstName}!</Trans>}>
        <Text>
          <Trans>Your review was sent to {practice}. It helps the team care for you better.</Trans>
        </Text>
      </Done>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="lg">
        <PageHeader title={<Trans>How was your visit?</Trans>}>
          {visitDate && provider ? (
            <Trans>
              Hello {firstName}, tell us about your visit of {visitDate} with {provider}.
            </Trans>
          ) : visitDate ? (
            <Trans>
              Hello {firstName}, tell us about your visit of {visitDate}.
            </Trans>
          ) : (
            <Trans>Hello {firstName}, tell us about your last visit.</Trans>
          )}
        </PageHeader>
        <Radio.Group
          value={rating}
          onChange={setRating}
          label={t`Your rating, from 1 (very poor) to 5 (excellent)`}
          required
          size="md"
          error={tried && rating === null ? t`Please choose a rating.` : undefined}
        >
          <SimpleGrid cols={5} spacing={6} mt="xs">
            {RATINGS.map((value, index) => {
              const word = RATING_WORDS[index];
              return (
                <Radio.Card
                  key={value}
                  id={`rating-${value}`}
                  value={String(value)}
                  aria-label={word ? `${value} — ${i18n._(word)}` : String(value)}
                  radius="md"
                  p={4}
                  mih={72}
                  data-testid={`rating-${value}`}
                  className="rating-card"
                  style={{
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    justifyContent: 'center',
                    textAlign: 'center',
                  }}
                >
                  <Text fw={700} fz={24} lh={1.2} aria-hidden>
                    {value}
                  </Text>
                  <Text fz="xs" lh={1.2} aria-hidden>
                    {word ? i18n._(word) : ''}
                  </Text>
                </Radio.Card>
              );
            })}
          </SimpleGrid>
        </Radio.Group>
        <Textarea
          label={t`Your comment (optional)`}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          autosize
          minRows={4}
          maxLength={2000}
          size="md"
        />
        <SendFailure failure={failure} />
        <Button type="submit" size="lg" fullWidth loading={busy}>
          <Trans>Send my review</Trans>
        </Button>
      </Stack>
    </form>
  );
}
