import { can } from '@dental/domain/permissions/can';
import { Trans, useLingui } from '@lingui/react/macro';
import { Divider, Grid, Modal, ScrollArea, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { AdminTickets } from './admin-tickets.tsx';
import { ContactInfo, QuickOptions } from './quick-options.tsx';
import { TicketForm } from './ticket-form.tsx';
import { TicketList } from './ticket-list.tsx';
import { useTickets } from './use-tickets.ts';

export interface SupportDialogProps {
  opened: boolean;
  onClose(): void;
}

/** The user's own recent tickets (an administrator's list holds everyone's: theirs are picked out). */
function RecentTickets({ opened, userId }: { opened: boolean; userId: number }) {
  const tickets = useTickets(opened);
  const mine = tickets.data?.filter((ticket) => ticket.createdBy === userId).slice(0, 10);
  return <TicketList tickets={mine} loading={tickets.isPending && opened} failed={tickets.isError} />;
}

/**
 * The support dialog (spec 2.4): quick options, the create-ticket form, the user's recent tickets and the
 * contact information; for an administrator also every ticket of the practice, to set their status and reply.
 */
export function SupportDialog({ opened, onClose }: SupportDialogProps) {
  const { t } = useLingui();
  const { user } = useAuth();
  const admin = user ? can(user, 'system.admin') : false;
  const [view, setView] = useState<'help' | 'all'>('help');

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Trans>Help &amp; Support</Trans>}
      size="min(1040px, 96vw)"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {admin && (
        <SegmentedControl
          mb="sm"
          value={view}
          onChange={(value) => setView(value as 'help' | 'all')}
          data={[
            { value: 'help', label: t`Get help` },
            { value: 'all', label: t`All tickets` },
          ]}
        />
      )}
      {view === 'all' && admin ? (
        <AdminTickets opened={opened} />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <Stack gap="sm">
              <QuickOptions />
              <Divider />
              <Title order={3} size="h5">
                <Trans>Create a support ticket</Trans>
              </Title>
              <TicketForm onCreated={onClose} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Stack gap="sm">
              <Title order={3} size="h5">
                <Trans>Your recent tickets</Trans>
              </Title>
              {user && <RecentTickets opened={opened} userId={user.id} />}
              <Divider />
              <ContactInfo />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Modal>
  );
}
