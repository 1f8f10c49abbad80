import { passwordStrength } from '@dental/domain/auth/password-strength';
import { Group, Progress, Text } from '@mantine/core';

const display = {
  weak: { label: 'Weak', value: 33, color: 'red' },
  medium: { label: 'Medium', value: 66, color: 'yellow' },
  strong: { label: 'Strong', value: 100, color: 'teal' },
} as const;

export function PasswordStrengthMeter({ password }: { password: string }) {
  const strength = display[passwordStrength(password)];
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="xs" c="dimmed">
          Password strength
        </Text>
        <Text
          size="xs"
          fw={600}
          c={strength.color === 'yellow' ? 'yellow.8' : strength.color}
          data-testid="password-strength"
        >
          {strength.label}
        </Text>
      </Group>
      <Progress
        value={password ? strength.value : 0}
        color={strength.color}
        size="sm"
        aria-label={`Password strength: ${strength.label}`}
      />
      <Text size="xs" c="dimmed" mt={6}>
        Use 8 or more characters with upper and lower case letters, numbers and symbols.
      </Text>
    </div>
  );
}
