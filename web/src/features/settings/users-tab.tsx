import { SECURITY } from '@dental/domain/constants';
import { can } from '@dental/domain/permissions/can';
import { PERMISSION_CATALOGUE, type Permission } from '@dental/domain/permissions/catalogue';
import { ROLE_DEFAULTS, ROLES, type Role } from '@dental/domain/permissions/roles';
import type { ManagedUser } from '@dental/domain/settings/admin';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconKey, IconPencil, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { useAccessiblePractices } from '../../platform/practice/practice-queries.ts';
import { toast } from '../../platform/toasts/toast.ts';
import { failureText } from './failure.ts';
import { useManagedUsers, useSettingsWrites } from './settings-api.ts';

type Override = 'default' | 'grant' | 'revoke';

function usePracticeOptions() {
  const practices = useAccessiblePractices();
  return (practices.data ?? []).map((practice) => ({ value: String(practice.id), label: practice.name }));
}

function UserForm(props: { user?: ManagedUser; practiceId: number; onDone(): void }) {
  const { t } = useLingui();
  const writes = useSettingsWrites(props.practiceId);
  const practiceOptions = usePracticeOptions();
  const { user } = props;
  const [form, setForm] = useState({
    username: user?.username ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    role: (user?.role ?? 'receptionist') as Role,
    practiceIds: (user?.practiceIds ?? [props.practiceId]).map(String),
    password: '',
    active: user?.active ?? true,
  });
  const text = (key: 'username' | 'firstName' | 'lastName' | 'email') => ({
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: event.currentTarget.value }),
  });
  const submit = async () => {
    const common = {
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email || null,
      role: form.role,
      practiceIds: form.practiceIds.map(Number),
    };
    try {
      if (user) {
        await writes.patchUser.mutateAsync({ id: user.id, ...common, active: form.active });
        toast(t`User updated`, undefined, 'success');
      } else {
        await writes.createUser.mutateAsync({ ...common, username: form.username, password: form.password });
        toast(t`User created`, t`They must choose their own password when they first sign in.`, 'success');
      }
      props.onDone();
    } catch (error) {
      toast(t`The user could not be saved`, failureText(error, t`Please try again.`), 'error');
    }
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t`Username`} required disabled={Boolean(user)} {...text('username')} />
        <TextInput label={t`Email`} {...text('email')} />
        <TextInput label={t`First name`} required {...text('firstName')} />
        <TextInput label={t`Last name`} required {...text('lastName')} />
        <Select
          label={t`Role`}
          data={[...ROLES]}
          value={form.role}
          allowDeselect={false}
          onChange={(value) => setForm({ ...form, role: (value ?? 'staff') as Role })}
        />
        <MultiSelect
          label={t`Practices`}
          data={practiceOptions}
          value={form.practiceIds}
          onChange={(practiceIds) => setForm({ ...form, practiceIds })}
        />
      </SimpleGrid>
      {user ? (
        <Switch
          label={t`Active (an inactive user cannot sign in)`}
          checked={form.active}
          onChange={(event) => setForm({ ...form, active: event.currentTarget.checked })}
        />
      ) : (
        <PasswordInput
          label={t`Initial password`}
          description={t`At least ${SECURITY.minPasswordLength} characters; the user must replace it at first sign-in.`}
          required
          value={form.password}
          onChange={(event) => setForm({ ...form, password: event.currentTarget.value })}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          onClick={() => void submit()}
          loading={writes.createUser.isPending || writes.patchUser.isPending}
          disabled={form.practiceIds.length === 0}
        >
          {user ? t`Save user` : t`Create user`}
        </Button>
      </Group>
    </Stack>
  );
}

function ResetPasswordForm(props: { user: ManagedUser; practiceId: number; onDone(): void }) {
  const { t } = useLingui();
  const writes = useSettingsWrites(props.practiceId);
  const [password, setPassword] = useState('');
  const submit = async () => {
    try {
      await writes.patchUser.mutateAsync({ id: props.user.id, password });
      toast(t`Password reset`, t`The user is signed out and must choose a new password at next sign-in.`, 'success');
      props.onDone();
    } catch (error) {
      toast(t`The password could not be reset`, failureText(error, t`Please try again.`), 'error');
    }
  };
  return (
    <Stack gap="sm">
      <PasswordInput
        label={t`Temporary password`}
        description={t`At least ${SECURITY.minPasswordLength} characters.`}
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={() => void submit()} loading={writes.patchUser.isPending}>
          <Trans>Reset password</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function PermissionsForm(props: { user: ManagedUser; practiceId: number; onDone(): void }) {
  const { t } = useLingui();
  const writes = useSettingsWrites(props.practiceId);
  const role = (ROLES as readonly string[]).includes(props.user.role) ? (props.user.role as Role) : 'staff';
  const defaults = ROLE_DEFAULTS[role];
  const [overrides, setOverrides] = useState<Record<string, boolean>>(props.user.overrides);
  const entries = PERMISSION_CATALOGUE.filter((entry) => !entry.routeOnly);
  const overrideOf = (id: string): Override => (id in overrides ? (overrides[id] ? 'grant' : 'revoke') : 'default');
  const choose = (id: string, value: Override) => {
    const next = { ...overrides };
    if (value === 'default') delete next[id];
    else next[id] = value === 'grant';
    setOverrides(next);
  };
  const submit = async () => {
    try {
      await writes.setOverrides.mutateAsync({ id: props.user.id, overrides });
      toast(t`Permissions saved`, t`They apply to the user's next request.`, 'success');
      props.onDone();
    } catch (error) {
      toast(t`The permissions could not be saved`, failureText(error, t`Please try again.`), 'error');
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <Trans>Role: {role}. Each permission follows the role unless you grant or revoke it for this user.</Trans>
      </Text>
      {/* The dialog scrolls as a whole: a scroll area of its own inside it hid rows from screen magnifiers and axe alike. */}
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label={t`Permissions`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Permission</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Role default</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Override</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => {
              const byRole = defaults.has(entry.id as Permission);
              const value = overrideOf(entry.id);
              return (
                <Table.Tr key={entry.id} data-permission={entry.id}>
                  <Table.Td>
                    <Text size="sm">{domainText(entry.name)}</Text>
                    <Text size="xs" c="dimmed">
                      {entry.id}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={byRole ? 'green' : 'gray'}>
                      {byRole ? t`Allowed` : t`Not allowed`}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <SegmentedControl
                      size="xs"
                      aria-label={t`Override for ${entry.id}`}
                      value={value}
                      onChange={(next) => choose(entry.id, next as Override)}
                      data={[
                        { value: 'default', label: t`Role default` },
                        { value: 'grant', label: t`Grant` },
                        { value: 'revoke', label: t`Revoke` },
                      ]}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={() => void submit()} loading={writes.setOverrides.isPending}>
          <Trans>Save permissions</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: ManagedUser }
  | { kind: 'reset'; user: ManagedUser }
  | { kind: 'permissions'; user: ManagedUser };

export function UsersTab({ practiceId }: { practiceId: number }) {
  const { t } = useLingui();
  const { user: me } = useAuth();
  const allowed = can(me, 'settings.users');
  const users = useManagedUsers(allowed);
  const practiceOptions = usePracticeOptions();
  const [dialog, setDialog] = useState<Dialog | undefined>();
  if (!allowed) {
    return (
      <Alert color="yellow">
        <Trans>Managing users needs the Manage users permission.</Trans>
      </Alert>
    );
  }
  const practiceName = (id: number) => practiceOptions.find((option) => option.value === String(id))?.label ?? `#${id}`;
  const close = () => setDialog(undefined);
  const title =
    dialog?.kind === 'create'
      ? t`New user`
      : dialog?.kind === 'edit'
        ? t`Edit user`
        : dialog?.kind === 'reset'
          ? t`Reset password`
          : t`Permissions`;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>
            <Trans>Users</Trans>
          </Title>
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <Trans>Add user</Trans>
          </Button>
        </Group>
        {users.isPending ? (
          <Loader size="sm" />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label={t`Users`} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Name</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Role</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Practices</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Status</Trans>
                  </Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(users.data ?? []).map((user) => {
                  const overrides = Object.keys(user.overrides).length;
                  return (
                    <Table.Tr key={user.id} data-username={user.username}>
                      <Table.Td>
                        <Text size="sm">
                          {user.firstName} {user.lastName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {user.username}
                        </Text>
                      </Table.Td>
                      <Table.Td>{user.role}</Table.Td>
                      <Table.Td>{user.practiceIds.map(practiceName).join(', ')}</Table.Td>
                      <Table.Td miw={170}>
                        <Group gap={4}>
                          {!user.active && (
                            <Badge color="gray" size="sm">
                              <Trans>Inactive</Trans>
                            </Badge>
                          )}
                          {user.mustResetPassword && (
                            <Badge color="orange" variant="light" size="sm">
                              <Trans>Must reset password</Trans>
                            </Badge>
                          )}
                          {overrides > 0 && (
                            <Badge color="blue" variant="light" size="sm">
                              <Trans>{overrides} overrides</Trans>
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <Tooltip label={t`Edit`}>
                            <ActionIcon
                              variant="default"
                              size="lg"
                              aria-label={t`Edit ${user.username}`}
                              onClick={() => setDialog({ kind: 'edit', user })}
                            >
                              <IconPencil size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t`Reset password`}>
                            <ActionIcon
                              variant="default"
                              size="lg"
                              aria-label={t`Reset password of ${user.username}`}
                              onClick={() => setDialog({ kind: 'reset', user })}
                            >
                              <IconKey size={18} />
                            </ActionIcon>
                          </Tooltip>
                          {can(me, 'settings.permissions') && (
                            <Tooltip label={t`Permissions`}>
                              <ActionIcon
                                variant="light"
                                size="lg"
                                aria-label={t`Permissions of ${user.username}`}
                                onClick={() => setDialog({ kind: 'permissions', user })}
                              >
                                <IconShieldLock size={18} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal
        opened={dialog !== undefined}
        onClose={close}
        title={title}
        size={dialog?.kind === 'permissions' ? 'xl' : 'lg'}
      >
        {dialog?.kind === 'create' && <UserForm practiceId={practiceId} onDone={close} />}
        {dialog?.kind === 'edit' && <UserForm user={dialog.user} practiceId={practiceId} onDone={close} />}
        {dialog?.kind === 'reset' && <ResetPasswordForm user={dialog.user} practiceId={practiceId} onDone={close} />}
        {dialog?.kind === 'permissions' && (
          <PermissionsForm user={dialog.user} practiceId={practiceId} onDone={close} />
        )}
      </Modal>
    </Paper>
  );
}
