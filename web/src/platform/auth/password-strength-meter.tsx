import { passwordStrength } from '@dental/domain/auth/password-strength';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Progress, Text } from '@mantine/core';

const display = {
  weak: { label: msg`Weak`, value: 33, color: 'red' },
  medium: { label: msg`Medium`, value: 66, color: 'yellow' },
  strong: { label: msg`Strong`, value: 100, color: 'teal' },
} as const;

export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t, i18n } = useLingui();
  const strength = display[passwordStrength(password)];
  const label = i18n._(strength.label);
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="xs" c="dimmed">
          <Trans>Password strength</Trans>
        </Text>
        {/* The palette's text colour: readable on the page in either theme (shade 8 is not, in either). */}
        <Text size="xs" fw={600} c={strength.color} data-testid="password-strength">
          {label}
        </Text>
      </Group>
      <Progress
        value={password ? strength.value : 0}
        color={strength.color}
        size="sm"
        aria-label={t`Password strength: ${label}`}
      />
      <Text size="xs" c="dimmed" mt={6}>
        <Trans>Use 8 or more characters with upper and lower case letters, numbers and symbols.</Trans>
      </Text>
    </div>
  );
}
