import { ASSISTANT } from '@dental/domain/constants';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import type { AcceptedSuggestion } from './use-assistant-session.ts';

interface CommandInputProps {
  value: string;
  onChange(value: string): void;
  /** The suggestion the value came from, if any. */
  accepted: AcceptedSuggestion | null;
  onAccept(accepted: AcceptedSuggestion): void;
  ready: boolean;
  processing: boolean;
  suggest(input: string, cursor: number): string[];
  onSubmit(command: string): void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * The command box with its suggestions (spec 4): computed on this device 300 ms after typing stops,
 * the list opens when there are some; arrows move, Tab or Enter accepts, Escape closes.
 */
export function CommandInput(props: CommandInputProps) {
  const { t } = useLingui();
  const { value, onChange, accepted, onAccept, ready, processing, suggest, onSubmit, inputRef } = props;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [debounced] = useDebouncedValue(value, ASSISTANT.suggestionDebounceMs);
  const [suggestions, setSuggestions] = useState<string[]>([]);

  // Asked only when the typing settles: a new list of commands (after a submit) must not reopen a closed list.
  const latest = useRef({ suggest, combobox, inputRef });
  latest.current = { suggest, combobox, inputRef };
  // A value that was just accepted is not asked about again: the list would reopen on what was chosen.
  const chosen = accepted?.suggested === debounced;
  useEffect(() => {
    const { suggest, combobox, inputRef } = latest.current;
    if (!ready || chosen || !debounced.trim()) {
      setSuggestions([]);
      combobox.closeDropdown();
      return;
    }
    const cursor = inputRef.current?.selectionStart ?? debounced.length;
    const found = suggest(debounced, cursor).filter((suggestion) => suggestion !== debounced);
    setSuggestions(found);
    if (found.length > 0 && document.activeElement === inputRef.current) combobox.openDropdown();
    else combobox.closeDropdown();
  }, [debounced, ready, chosen]);

  function accept(suggestion: string) {
    onAccept({ typed: accepted?.suggested === value ? accepted.typed : value, suggested: suggestion });
    onChange(suggestion);
    setSuggestions([]);
    combobox.closeDropdown();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Tab takes the highlighted suggestion; with none highlighted it leaves the box as usual.
    if (event.key === 'Tab' && !event.shiftKey && combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) {
      event.preventDefault();
      combobox.clickSelectedOption();
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim() || processing || !ready) return;
    combobox.closeDropdown();
    onSubmit(value);
  }

  return (
    <form onSubmit={submit}>
      <Combobox store={combobox} onOptionSubmit={accept} withinPortal={false} shadow="md">
        <Combobox.Target withExpandedAttribute>
          <TextInput
            ref={inputRef}
            data-autofocus
            aria-label={t`Command`}
            placeholder={
              ready ? t`e.g. Book Maria Tremblay tomorrow at 2 for a cleaning` : t`Reading this device's data...`
            }
            value={value}
            onChange={(event) => {
              onChange(event.currentTarget.value);
              combobox.resetSelectedOption();
            }}
            onKeyDown={onKeyDown}
            onBlur={() => combobox.closeDropdown()}
            rightSection={
              processing || !ready ? (
                <Loader size={16} aria-label={t`Working`} />
              ) : (
                <ActionIcon type="submit" variant="subtle" aria-label={t`Send command`}>
                  <IconSend size={16} />
                </ActionIcon>
              )
            }
            autoComplete="off"
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={suggestions.length === 0} aria-label={t`Command suggestions`}>
          <Combobox.Options>
            {suggestions.map((suggestion) => (
              <Combobox.Option value={suggestion} key={suggestion} data-testid="assistant-suggestion">
                {suggestion}
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </form>
  );
}
