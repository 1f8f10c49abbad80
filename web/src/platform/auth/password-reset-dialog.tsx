import { SECURITY } from '@dental/domain/constants';
import { MESSAGES } from '@dental/domain/messages';
import type { User } from '@dental/domain/users/user';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../errors/error-message.ts';
import { domainText } from '../i18n/domain-text.ts';
import { toast } from '../toasts/toast.ts';
import { resetPassword } from './auth-api.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

interface Props {
  user: User;
  onComplete(newPassword: string): void;
}

/** Undismissable: a user with a temporary password cannot use the system until it is replaced. */
export function PasswordResetDialog({ user, onComplete }: Props) {
  const { t } = useLingui();
  const firstName = user.firstName;
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const mismatch = confirm.length > 0 && newPassword !== confirm;
  const tooShort = newPassword.length < SECURITY.minPasswordLength;
  const disabled = !newPassword || !confirm || newPassword !== confirm || tooShort || pending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (newPassword !== confirm) {
      toast(domainText(MESSAGES.passwordMismatchTitle), domainText(MESSAGES.passwordMismatch), 'error');
      return;
    }
    if (tooShort) {
      toast(domainText(MESSAGES.passwordTooShortTitle), domainText(MESSAGES.passwordTooShort), 'error');
      return;
    }
    setPending(true);
    try {
      await resetPassword(user.id, newPassword);
      toast(
        t`Password Updated`,
        t`Your password has been successfully updated. You can now access the system.`,
        'success',
      );
      onComplete(newPassword);
    } catch (error) {
      toast(t`Password Update Failed`, errorMessage(error, t`Failed to update password. Please try again.`), 'error');
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      opened
      onClose={() => undefined}
      title={t`Password Reset Required`}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      centered
      size="md"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            <Trans>
              Welcome, {firstName}. Your account has a temporary password. Choose a new password to continue.
            </Trans>
          </Text>
          <PasswordInput
            label={t`New Password`}
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
            error={newPassword && tooShort ? domainText(MESSAGES.passwordTooShort) : undefined}
            required
            data-autofocus
          />
          <PasswordStrengthMeter password={newPassword} />
          <PasswordInput
            label={t`Confirm New Password`}
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.currentTarget.value)}
            required
          />
          {confirm.length > 0 && (
            <Text size="sm" c={mismatch ? 'red' : 'teal'} role="status">
              {mismatch ? t`Passwords do not match` : t`Passwords match`}
            </Text>
          )}
          <Button type="submit" disabled={disabled} loading={pending} fullWidth>
            <Trans>Update Password</Trans>
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
