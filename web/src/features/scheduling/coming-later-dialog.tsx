import { Button, Group, Modal, Text } from '@mantine/core';

interface Props {
  feature: 'Provider Absence' | 'Schedule Maintenance' | null;
  onClose(): void;
}

const WHAT: Record<NonNullable<Props['feature']>, string> = {
  'Provider Absence': 'Handling a provider absence (moving or reassigning their appointments)',
  'Schedule Maintenance': 'Scheduling room maintenance from this screen',
};

/** Honest placeholder for the two header actions that ship in a later release. */
export function ComingLaterDialog({ feature, onClose }: Props) {
  return (
    <Modal opened={feature !== null} onClose={onClose} title={feature ?? ''} centered>
      <Text>{feature ? WHAT[feature] : ''} comes in a later release.</Text>
      <Text size="sm" c="dimmed" mt="xs">
        Maintenance already scheduled shows on the grid and blocks its room.
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>OK</Button>
      </Group>
    </Modal>
  );
}
