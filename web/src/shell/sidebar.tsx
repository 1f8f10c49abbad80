import { can } from '@dental/domain/permissions/can';
import { fullName } from '@dental/domain/users/user';
import { useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Avatar,
  Box,
  Collapse,
  Group,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconChevronDown,
  IconChevronRight,
  IconLayoutList,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconListTree,
  IconLogout,
} from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useConnection } from '../platform/api/connection.ts';
import { useAuth } from '../platform/auth/auth-context.tsx';
import { NAV_GROUP_LABELS, NAV_GROUPS, NAV_ITEMS, type NavGroup, type NavItem, navPermission } from './nav-items.ts';
import { roleLabel } from './role-labels.ts';
import classes from './shell.module.css';
import { useSidebarPreferences } from './sidebar-preferences.ts';

interface Props {
  /** Forced collapsed on /op-view. */
  forceCollapsed: boolean;
  onLogout(): void;
}

function isActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  if (to === '/scheduling') return pathname === '/scheduling' || pathname === '/appointments';
  return pathname === to || pathname.startsWith(`${to}/`);
}

function NavLinkItem({
  item,
  collapsed,
  offline,
  active,
}: {
  item: NavItem;
  collapsed: boolean;
  offline: boolean;
  active: boolean;
}) {
  const { t, i18n } = useLingui();
  const label = i18n._(item.label);
  const dot = offline && item.offline;
  const link = (
    <Link
      to={item.to}
      className={classes.navLink}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? label : undefined}
    >
      <item.icon size={18} stroke={1.6} className={classes.navIcon} aria-hidden="true" />
      {!collapsed && <span className={classes.navLabel}>{label}</span>}
      {dot && (
        <span
          className={classes.offlineDot}
          title={t`Available offline`}
          role="img"
          aria-label={t`Available offline`}
        />
      )}
    </Link>
  );
  return collapsed ? (
    <Tooltip label={label} position="right" openDelay={300}>
      {link}
    </Tooltip>
  ) : (
    link
  );
}

/** Under Mantine's `sm` breakpoint (768 px): a reception tablet held upright still shows the labels. */
const NARROW_WINDOW = '(max-width: 47.99em)';

export function Sidebar({ forceCollapsed, onLogout }: Props) {
  const { t, i18n } = useLingui();
  const translate = i18n._.bind(i18n);
  const { user, status } = useAuth();
  const { online } = useConnection();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [prefs, setPrefs] = useSidebarPreferences();
  // On a narrow window (a phone, or a laptop zoomed to 200%: WCAG 1.4.10) the labels would take a third of the
  // width: the sidebar starts as icons, and opening it there is not remembered for wider windows.
  const narrow = useMediaQuery(NARROW_WINDOW, false, { getInitialValueInEffect: false });
  const [openedNarrow, setOpenedNarrow] = useState(false);
  const collapsed = forceCollapsed || (narrow ? !openedNarrow : prefs.collapsed);
  const toggleCollapsed = () =>
    narrow
      ? setOpenedNarrow((opened) => !opened)
      : setPrefs((current) => ({ ...current, collapsed: !current.collapsed }));
  // All items show while the user is still loading; afterwards only what the user may open.
  const visible = NAV_ITEMS.filter((item) => status === 'checking' || can(user, navPermission(item)));
  const offline = !online;

  const toggleGroup = (group: NavGroup) =>
    setPrefs((current) => ({
      ...current,
      expanded: current.expanded.includes(group)
        ? current.expanded.filter((g) => g !== group)
        : [...current.expanded, group],
    }));

  const renderItems = (items: readonly NavItem[]) =>
    items.map((item) => (
      <NavLinkItem
        key={item.to}
        item={item}
        collapsed={collapsed}
        offline={offline}
        active={isActive(pathname, item.to)}
      />
    ));

  return (
    <Box
      component="nav"
      aria-label={t`Main navigation`}
      data-guide="main-navigation"
      className={classes.sidebar}
      data-collapsed={collapsed || undefined}
    >
      <Group justify={collapsed ? 'center' : 'space-between'} className={classes.sidebarTop} wrap="nowrap">
        {!collapsed && (
          <Text fw={800} size="lg" className={classes.brandText}>
            DentalFlow
          </Text>
        )}
        <Group gap={4} wrap="nowrap">
          {!collapsed && (
            <Tooltip label={prefs.grouped ? t`Show as a flat list` : t`Show in groups`}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => setPrefs((current) => ({ ...current, grouped: !current.grouped }))}
                aria-label={prefs.grouped ? t`Show as a flat list` : t`Show in groups`}
              >
                {prefs.grouped ? <IconLayoutList size={18} /> : <IconListTree size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={collapsed ? t`Expand sidebar` : t`Collapse sidebar`}>
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={forceCollapsed}
              onClick={toggleCollapsed}
              aria-label={collapsed ? t`Expand sidebar` : t`Collapse sidebar`}
            >
              {collapsed ? <IconLayoutSidebarLeftExpand size={18} /> : <IconLayoutSidebarLeftCollapse size={18} />}
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      <ScrollArea className={classes.navScroll} type="auto">
        <Stack gap={2} p="xs">
          {prefs.grouped && !collapsed
            ? NAV_GROUPS.map((group) => {
                const items = visible.filter((item) => item.group === group);
                if (items.length === 0) return null;
                const open = prefs.expanded.includes(group);
                const panelId = `nav-group-${group.replace(/\W+/g, '-').toLowerCase()}`;
                return (
                  <div key={group}>
                    <UnstyledButton
                      className={classes.groupButton}
                      onClick={() => toggleGroup(group)}
                      aria-expanded={open}
                      aria-controls={panelId}
                    >
                      <span>{translate(NAV_GROUP_LABELS[group])}</span>
                      {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                    </UnstyledButton>
                    <Collapse expanded={open} keepMounted={false} id={panelId}>
                      <Stack gap={2} pb={4}>
                        {renderItems(items)}
                      </Stack>
                    </Collapse>
                  </div>
                );
              })
            : renderItems(visible)}
        </Stack>
      </ScrollArea>

      {user && (
        <Group className={classes.userBlock} wrap="nowrap" justify={collapsed ? 'center' : 'space-between'}>
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar color="teal" radius="xl" size="md" aria-hidden="true">
              {user.firstName.charAt(0)}
            </Avatar>
            {!collapsed && (
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {fullName(user)}
                </Text>
                <Text size="xs" c="dimmed" data-testid="sidebar-role">
                  {roleLabel(translate, user.role)}
                </Text>
              </div>
            )}
          </Group>
          <Tooltip label={t`Log out`}>
            <ActionIcon variant="subtle" color="gray" onClick={onLogout} aria-label={t`Log out`}>
              <IconLogout size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Box>
  );
}
