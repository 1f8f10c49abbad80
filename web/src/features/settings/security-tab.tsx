import { can } from '@dental/domain/permissions/can';
import { SECURITY_POLICY_BOUNDS, type SecurityPolicy } from '@dental/domain/settings/admin';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Loader, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { toast } from '../../platform/toasts/toast.ts';
import { failureText } from './failure.ts';
import { useSecurityPolicy, useSettingsWrites } from './settings-api.ts';

const B = SECURITY_POLICY_BOUNDS;

export function SecurityTab({ practiceId }: { practiceId: number }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const policy = useSecurityPolicy();
  const writes = useSettingsWrites(practiceId);
  const editable = can(user, 'system.admin');
  const [form, setForm] = useState<SecurityPolicy | undefined>();
  useEffect(() => {
    if (policy.data) setForm(policy.data);
  }, [policy.data]);
  if (!form) return <Loader />;
  const number = (key: keyof SecurityPolicy) => ({
    value: form[key],
    min: B[key].min,
    max: B[key].max,
    disabled: !editable,
    allowDecimal: false,
    clampBehavior: 'strict' as const,
    onChange: (value: string | number) => setForm({ ...form, [key]: Number(value) }),
  });
  const save = async () => {
    try {
      await writes.saveSecurity.mutateAsync(form);
      toast(t`Security settings saved`, t`They apply from the next request.`, 'success');
    } catch (error) {
      toast(t`Update failed`, failureText(error, t`Please try again.`), 'error');
    }
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3}>
          <Trans>Session and sign-in security</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            These apply to every practice on this server. A session ends after the idle time; after the given number of
            failed sign-ins from one device, the username is locked there for the lockout time.
          </Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={t`Idle timeout (minutes)`}
            description={t`${B.idleTimeoutMinutes.min} to ${B.idleTimeoutMinutes.max}`}
            {...number('idleTimeoutMinutes')}
          />
          <NumberInput
            label={t`Failed sign-ins`}
            description={t`Before a lockout: ${B.maxLoginAttempts.min} to ${B.maxLoginAttempts.max}`}
            {...number('maxLoginAttempts')}
          />
          <NumberInput
            label={t`Lockout (minutes)`}
            description={t`${B.lockoutMinutes.min} to ${B.lockoutMinutes.max}`}
            {...number('lockoutMinutes')}
          />
        </SimpleGrid>
        {editable && (
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={writes.saveSecurity.isPending}>
              <Trans>Save security settings</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
