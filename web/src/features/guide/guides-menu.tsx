import { GUIDE_IDS } from '@dental/domain/assistant/contract';
import { GUIDES } from '@dental/domain/assistant/guides';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { say } from '../../platform/i18n/domain-text.ts';
import { useGuide } from './guide-context.tsx';

/** The header's list of guides: choosing one opens it on its first step. */
export function GuidesMenu() {
  const { t } = useLingui();
  const guide = useGuide();
  return (
    <Menu position="bottom-end" width={300} shadow="md">
      <Menu.Target>
        <Tooltip label={t`Guides`}>
          <ActionIcon variant="subtle" color="grape" size="lg" aria-label={t`Guides`}>
            <IconBook size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Trans>Step-by-step guides</Trans>
        </Menu.Label>
        {GUIDE_IDS.map((id) => (
          <Menu.Item key={id} onClick={() => guide.open(id)}>
            <Text size="sm">{say(GUIDES[id].title)}</Text>
            <Text size="xs" c="dimmed">
              {say(GUIDES[id].summary)}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
