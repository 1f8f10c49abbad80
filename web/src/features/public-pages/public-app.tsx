import type {
  PublicConfirmPage,
  PublicFormsPage,
  PublicReviewPage,
  PublicSchedulePage,
} from '@dental/domain/public/public-api';
import { useCallback, useEffect, useState } from 'react';
import { callPublic, type Failure, PublicCallError } from './api.ts';
import { ConfirmPage } from './confirm/confirm-page.tsx';
import { FormPage } from './form/form-page.tsx';
import { showIn } from './i18n.ts';
import { PublicLayout } from './layout.tsx';
import { ReviewPage } from './review/review-page.tsx';
import type { PublicAddress } from './route.ts';
import { SchedulePage } from './schedule/schedule-page.tsx';
import { FailurePage, LoadingPage, NotValidPage } from './status-pages.tsx';

type Loaded =
  | { purpose: 'form'; page: PublicFormsPage }
  | { purpose: 'review'; page: PublicReviewPage }
  | { purpose: 'confirm'; page: PublicConfirmPage }
  | { purpose: 'schedule'; page: PublicSchedulePage };

type State = { status: 'loading' } | { status: 'ready'; loaded: Loaded } | { status: 'failed'; failure: Failure };

/** A patient's page: read once with the link's token, shown in the patient's language, then answered. */
export function PublicApp({ address }: { address: PublicAddress | null }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!address) return;
    let current = true;
    setState({ status: 'loading' });
    // `attempt` is read so that "Try again" reads the page once more.
    void attempt;
    callPublic<Loaded['page']>(address)
      .then((page) => {
        if (!current) return;
        showIn(page.language);
        setState({ status: 'ready', loaded: { purpose: address.purpose, page } as Loaded });
      })
      .catch((error: unknown) => {
        if (current) {
          setState({
            status: 'failed',
            failure: error instanceof PublicCallError ? error.failure : { kind: 'network' },
          });
        }
      });
    return () => {
      current = false;
    };
  }, [address, attempt]);

  const onEnd = useCallback((failure: Failure) => setState({ status: 'failed', failure }), []);

  if (!address) return <NotValidPage />;
  if (state.status === 'loading') return <LoadingPage />;
  if (state.status === 'failed')
    return <FailurePage failure={state.failure} onRetry={() => setAttempt((n) => n + 1)} />;

  const { loaded } = state;
  return (
    <PublicLayout practice={loaded.page.practice}>
      {loaded.purpose === 'form' ? (
        <FormPage address={address} page={loaded.page} onEnd={onEnd} />
      ) : loaded.purpose === 'review' ? (
        <ReviewPage address={address} page={loaded.page} onEnd={onEnd} />
      ) : loaded.purpose === 'confirm' ? (
        <ConfirmPage address={address} page={loaded.page} onEnd={onEnd} />
      ) : (
        <SchedulePage address={address} page={loaded.page} onEnd={onEnd} />
      )}
    </PublicLayout>
  );
}
