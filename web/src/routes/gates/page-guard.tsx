import { MESSAGES } from '@dental/domain/messages';
import { can } from '@dental/domain/permissions/can';
import type { Permission } from '@dental/domain/permissions/catalogue';
import { Trans, useLingui } from '@lingui/react/macro';
import { Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconLogin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { domainText } from '../../platform/i18n/domain-text.ts';

interface Props {
  permission: Permission;
  children: ReactNode;
  /** Shown instead of the Access Denied card when the page supplies one (spec 2.3). */
  fallback?: ReactNode;
}

function GuardCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Center py="xl">
      <Paper withBorder radius="md" p="xl" maw={460} w="100%">
        <Stack align="center" gap="sm" ta="center">
          {icon}
          <Title order={2} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

export function PageGuard({ permission, children, fallback }: Props) {
  const { t } = useLingui();
  const { status, user } = useAuth();
  if (status === 'checking') {
    return (
      <Center py="xl">
        <Loader aria-label={t`Checking access`} />
      </Center>
    );
  }
  if (!user) {
    return (
      <GuardCard
        title={t`Not Authenticated`}
        icon={
          <ThemeIcon size="xl" radius="xl" variant="light">
            <IconLogin aria-hidden="true" />
          </ThemeIcon>
        }
      >
        <Text>{domainText(MESSAGES.notAuthenticated)}</Text>
      </GuardCard>
    );
  }
  if (!can(user, permission)) {
    if (fallback) return <>{fallback}</>;
    // The role's code, next to the permission's: what an administrator looks up in the role table.
    const role = user.role;
    return (
      <GuardCard
        title={t`Access Denied`}
        icon={
          <ThemeIcon size="xl" radius="xl" variant="light" color="red">
            <IconLock aria-hidden="true" />
          </ThemeIcon>
        }
      >
        <Text>
          <Trans>You don't have permission to access this page.</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>
            Your role: <strong data-testid="guard-role">{role}</strong>
          </Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>
            Required permission: <code data-testid="guard-permission">{permission}</code>
          </Trans>
        </Text>
      </GuardCard>
    );
  }
  return <>{children}</>;
}
