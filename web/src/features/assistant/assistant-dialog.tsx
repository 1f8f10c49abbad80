import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AssistantLog } from './assistant-log.tsx';
import { CommandInput } from './command-input.tsx';
import { type AcceptedSuggestion, useAssistantSession } from './use-assistant-session.ts';

export interface AssistantProps {
  opened: boolean;
  onClose(): void;
  /** The shell's practice switcher, for 'switch to …' commands; true once switched. */
  switchPractice(practiceId: number): Promise<boolean>;
}

/**
 * The Ninja AI assistant (spec 2.15): a command box with suggestions and a log of what each command
 * did. A dialog, so focus stays inside while it is open and returns where it was when it closes.
 */
export function Assistant({ opened, onClose, switchPractice }: AssistantProps) {
  const { t } = useLingui();
  const [value, setValue] = useState('');
  const [accepted, setAccepted] = useState<AcceptedSuggestion | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const close = useCallback(() => {
    setValue('');
    setAccepted(null);
    onClose();
  }, [onClose]);
  const session = useAssistantSession({ opened, close, switchPractice });
  const logViewport = useRef<HTMLDivElement>(null);
  const entries = session.log.length;
  // The newest answer is the one to read: keep it in view as the log grows.
  useEffect(() => {
    if (entries === 0) return;
    logViewport.current?.scrollTo({ top: logViewport.current.scrollHeight });
  }, [entries]);

  const putBack = (command: string, from: AcceptedSuggestion | null) => {
    setValue(command);
    setAccepted(from);
    inputRef.current?.focus();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      size="lg"
      title={
        <Group gap="xs">
          <IconRobot size={20} aria-hidden />
          <Text fw={600}>{t`Ninja AI`}</Text>
        </Group>
      }
    >
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          <Trans>
            Type what you want to do, then press Enter. Changes are shown first and done only when you confirm.
          </Trans>
        </Text>
        <CommandInput
          value={value}
          onChange={setValue}
          accepted={accepted}
          onAccept={setAccepted}
          ready={session.ready}
          processing={session.processing}
          suggest={session.suggest}
          inputRef={inputRef}
          onSubmit={(command) => {
            const from = accepted?.suggested === command ? accepted : null;
            setValue('');
            setAccepted(null);
            void session.submit(command, from);
          }}
        />
        <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars viewportRef={logViewport}>
          <AssistantLog
            log={session.log}
            timeZone={session.timeZone}
            processing={session.processing}
            onConfirm={(entry) => void session.confirm(entry)}
            onEdit={(entry) => {
              const command = session.edit(entry);
              if (command !== null) putBack(command, entry.accepted);
            }}
            onOpenPatient={session.openPatient}
            onBookSlot={(slot, entry) => session.bookSlot(slot, entry.slots)}
            onPickSuggestion={(entry, command) => putBack(command, { typed: entry.command, suggested: command })}
          />
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
