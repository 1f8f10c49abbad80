import { Trans } from '@lingui/react/macro';
import { Menu } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';

/** The user menu's way into the support dialog. */
export function SupportMenuItem({ onClick }: { onClick(): void }) {
  return (
    <Menu.Item onClick={onClick} leftSection={<IconLifebuoy size={16} />}>
      <Trans>Help &amp; Support</Trans>
    </Menu.Item>
  );
}
