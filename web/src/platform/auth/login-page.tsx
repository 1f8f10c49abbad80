import { SCHEDULING } from '@dental/domain/constants';
import { MESSAGES } from '@dental/domain/messages';
import { safeReturnPath } from '@dental/domain/navigation/return-path';
import type { User } from '@dental/domain/users/user';
import { markMoment } from '@dental/local-store/timing';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { NetworkError } from '../api/api.ts';
import { domainText } from '../i18n/domain-text.ts';
import { toast } from '../toasts/toast.ts';
import { checkSession, login, loginErrorMessage } from './auth-api.ts';
import { type SignIn, useAuth } from './auth-context.tsx';
import { unlockAfterPasswordChange, unlockLocalData } from './local-unlock.ts';
import classes from './login-page.module.css';
import { profileFor } from './offline-profiles.ts';
import { PasswordResetDialog } from './password-reset-dialog.tsx';

type Phase = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'success' } | { kind: 'error'; message: string };

interface PendingReset {
  user: User;
  loginPassword: string | null;
  deviceSecret: string | null;
}

interface LoginPageProps {
  /** Where to go after sign-in; by default the page this sign-in stands in for (a reload or a deep link). */
  returnTo?: string;
  /** Starts loading the code of the screen at this path, during the second before the redirect. */
  preloadLanding(path: string): void;
}

export function LoginPage({ returnTo, preloadLanding }: LoginPageProps) {
  const { t } = useLingui();
  const auth = useAuth();
  const navigate = useNavigate();
  const here = useRouterState({ select: (state) => state.location.href });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [reset, setReset] = useState<PendingReset | null>(null);
  const redirect = useRef<number | undefined>(undefined);
  // A signed-in user who still holds a temporary password lands here after a reload too.
  const pendingReset =
    reset ??
    (auth.user?.mustResetPassword ? { user: auth.user, loginPassword: null, deviceSecret: auth.deviceSecret } : null);

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  /**
   * Redirects when the spec's second after success has passed (counted from `succeededAt`). Meanwhile
   * the app is drawn hidden beneath this page, so the screen is ready, not started, when it appears.
   */
  function finishSignIn(signIn: SignIn, succeededAt = performance.now()) {
    const target = safeReturnPath(returnTo ?? here);
    const wait = Math.max(0, succeededAt + SCHEDULING.loginRedirectMs - performance.now());
    auth.arrive(signIn);
    redirect.current = window.setTimeout(() => {
      markMoment('redirect');
      auth.signedIn(signIn);
      // Replace: the sign-in page usually stood at this same address, and Back should not lead to it.
      void navigate({ href: target, replace: true });
    }, wait);
  }

  /** The server is unreachable: the password can still open the data this user left on the device. */
  async function signInOffline(name: string): Promise<boolean> {
    const profile = profileFor(name);
    if (!profile) return false;
    const userKey = await unlockLocalData(profile, password, null);
    if (!userKey) {
      setPhase({
        kind: 'error',
        message: t`The server cannot be reached, and this password does not open the data saved on this device.`,
      });
      return true;
    }
    setPhase({ kind: 'success' });
    toast(
      t`Signed in offline`,
      t`The server cannot be reached. Your changes are saved on this device and sync later.`,
      'warning',
    );
    finishSignIn({ user: profile, userKey, offline: true, deviceSecret: null });
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = {
      username: username.trim() ? undefined : domainText(MESSAGES.usernameRequired),
      password: password ? undefined : domainText(MESSAGES.passwordRequired),
    };
    setFieldErrors(errors);
    if (errors.username || errors.password) return;

    setPhase({ kind: 'submitting' });
    markMoment('sign-in');
    try {
      const result = await login(username.trim(), password);
      markMoment('signed-in');
      if (result.mustResetPassword) {
        setPhase({ kind: 'idle' });
        setReset({ user: result.user, loginPassword: password, deviceSecret: result.deviceSecret });
        return;
      }
      // The second before the redirect is put to use: the shell loads, the local key is derived,
      // and the device's store opens and starts its pull.
      const succeededAt = performance.now();
      setPhase({ kind: 'success' });
      toast(t`Login Successful`, t`Welcome back! Redirecting to dashboard...`, 'success');
      preloadLanding(safeReturnPath(returnTo ?? here));
      // A key that cannot be made here is asked for again by the offline areas.
      const userKey = await unlockLocalData(result.user, password, result.deviceSecret).catch(() => null);
      markMoment('user-key');
      if (userKey) {
        // Loaded on demand: the storage library stays out of the sign-in page's first download.
        void import('../offline/user-store.ts').then(({ prepareStore, storeOwner }) =>
          prepareStore(storeOwner(result.user, userKey)),
        );
      }
      finishSignIn({ user: result.user, userKey, offline: false, deviceSecret: result.deviceSecret }, succeededAt);
    } catch (error) {
      if (error instanceof NetworkError && (await signInOffline(username))) return;
      setPhase({ kind: 'error', message: loginErrorMessage(error) });
    }
  }

  async function resetComplete(newPassword: string) {
    if (!pendingReset) return;
    const session = await checkSession();
    setReset(null);
    toast(t`Password Reset Complete`, t`You are signed in with your new password.`, 'success');
    if (session.kind !== 'signed-in') {
      await auth.refreshUser();
      return;
    }
    const userKey = await unlockAfterPasswordChange(
      session.user,
      newPassword,
      pendingReset.loginPassword,
      session.deviceSecret,
    );
    finishSignIn({ user: session.user, userKey, offline: false, deviceSecret: session.deviceSecret });
  }

  const busy = phase.kind === 'submitting' || phase.kind === 'success';

  return (
    <div className={classes.page}>
      <section className={classes.brand} aria-label="DentalFlow">
        <div className={classes.brandInner}>
          <div className={classes.logo} aria-hidden="true">
            DF
          </div>
          <Title order={1} className={classes.productName}>
            DentalFlow
          </Title>
          <Text className={classes.tagline}>
            <Trans>Practice Management System</Trans>
          </Text>
          <Text className={classes.marketing}>
            <Trans>
              Scheduling, patient records and clinical charts for every location of your practice — and they keep
              working when the internet does not.
            </Trans>
          </Text>
          <ul className={classes.points}>
            <li>
              <Trans>Book, check in and chart through an outage; everything syncs when you are back online.</Trans>
            </li>
            <li>
              <Trans>One schedule per location, in each clinic's own time zone.</Trans>
            </li>
            <li>
              <Trans>Every change recorded, every role with exactly the access it needs.</Trans>
            </li>
          </ul>
        </div>
      </section>

      <main className={classes.formSide}>
        <Paper
          component="section"
          className={classes.card}
          withBorder
          shadow="sm"
          radius="md"
          p="xl"
          aria-labelledby="sign-in-title"
        >
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <div>
                <Title order={2} id="sign-in-title">
                  <Trans>Sign In</Trans>
                </Title>
                <Text size="sm" c="dimmed">
                  <Trans>Use your practice account.</Trans>
                </Text>
              </div>
              {phase.kind === 'error' && (
                <Alert color="red" variant="light" role="alert" title={t`Sign-in failed`}>
                  {phase.message}
                </Alert>
              )}
              <TextInput
                label={t`Username`}
                name="username"
                autoComplete="username"
                value={username}
                onChange={(event) => setUsername(event.currentTarget.value)}
                error={fieldErrors.username}
                disabled={busy}
                autoFocus
              />
              <PasswordInput
                label={t`Password`}
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={fieldErrors.password}
                disabled={busy}
                visibilityToggleButtonProps={{ 'aria-label': t`Show or hide password` }}
              />
              <Button type="submit" fullWidth disabled={busy} size="md">
                {phase.kind === 'submitting' ? t`Signing in...` : t`Sign In`}
              </Button>
            </Stack>
          </form>
        </Paper>
        <Box component="footer" className={classes.legal}>
          © {new Date().getFullYear()} DentalFlow. <Trans>For authorised practice staff only.</Trans>
        </Box>
      </main>

      {pendingReset && <PasswordResetDialog user={pendingReset.user} onComplete={(next) => void resetComplete(next)} />}
    </div>
  );
}
