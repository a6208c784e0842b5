/**
 * A text box with a list of matches to pick from (labels, assignees, tasks to relate). Picking
 * clears the text; the caller does the searching, so results come from the server. Once text is
 * typed, the first match is highlighted, so Enter picks it without ↓ first (↓ and ↑ move on);
 * with no text typed, nothing is, and Enter picks nothing.
 *
 * While the list is not yet the answer for the text typed (`pending`: the search waits for the
 * typing to pause, or is on its way), Enter does not pick from it: a quick ↓ and Enter would
 * pick a match of the text typed before, or "Create" beside a match still on its way. The pick
 * waits for the answer and takes the option at the same place in it. A click picks what it hits,
 * as the person saw it.
 */
import { Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  comboboxInputAttributes,
  highlightFirstIfNone,
  nameHighlightedOption,
  onComboboxKeyDown,
} from '../../ui/combobox-highlight';

export interface PickerOption {
  value: string;
  label: string;
  content?: ReactNode;
}

/**
 * The text typed in a picker and the text its search runs for: the typed text, trimmed, once the
 * typing has paused. While `typing`, the options answer an earlier text (pass it to `pending`).
 */
export function usePickerSearch() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 150);
  return { search, setSearch, debounced, typing: search.trim() !== debounced };
}

export function SearchPicker({
  search,
  onSearchChange,
  options,
  onPick,
  label,
  placeholder,
  nothingFound,
  loading = false,
  pending = false,
  withinPortal = true,
}: {
  search: string;
  onSearchChange: (text: string) => void;
  options: PickerOption[];
  onPick: (value: string) => void;
  label: string;
  placeholder?: string;
  nothingFound?: string;
  loading?: boolean;
  /** The options are not yet the answer for `search`: Enter waits for it. */
  pending?: boolean;
  /** Off inside a popover, whose outside clicks a list in a portal would count as. */
  withinPortal?: boolean;
}) {
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setWaitingPick(null);
    },
  });
  // Set by Enter for the option submit it causes (the highlighted option is clicked).
  const byEnter = useRef(false);
  // The place of the option Enter was pressed on while the options were pending.
  const [waitingPick, setWaitingPick] = useState<number | null>(null);

  function pick(value: string) {
    onPick(value);
    onSearchChange('');
    combobox.closeDropdown();
  }

  // Each new list for typed text starts highlighted on its first option, which is what Enter
  // picks; with no text, the list is a browse list and waits for ↓.
  const typed = search.trim() !== '';
  const optionValues = options.map((option) => option.value).join('\n');
  const opened = combobox.dropdownOpened;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for a new list, not a new store.
  useEffect(() => {
    if (opened && !typed) combobox.resetSelectedOption();
    nameHighlightedOption(combobox, opened && typed ? combobox.selectFirstOption() : null);
  }, [opened, typed, optionValues]);

  useEffect(() => {
    if (waitingPick === null || pending) return;
    setWaitingPick(null);
    const option = options[waitingPick];
    if (option) pick(option.value);
    else nameHighlightedOption(combobox, combobox.selectFirstOption());
  });

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const keyed = byEnter.current;
        byEnter.current = false;
        if (keyed && pending) setWaitingPick(combobox.getSelectedOptionIndex());
        else pick(value);
      }}
      withinPortal={withinPortal}
      // The list is drawn only while open. Kept mounted (Mantine's default), the closed list was
      // placed by floating-ui as the task's detail first drew, a forced style and layout of the
      // whole page inside that commit (about 0.18 s at 4× CPU slowdown, for the labels field).
      keepMounted={false}
    >
      {/* A text box with suggestions, not a combobox: no aria-expanded, which a text box lacks. */}
      <Combobox.Target withAriaAttributes={false} withKeyboardNavigation={false}>
        <TextInput
          {...comboboxInputAttributes(combobox)}
          aria-label={label}
          placeholder={placeholder ?? label}
          value={search}
          onKeyDown={(event) => {
            byEnter.current = event.key === 'Enter';
            if (event.key === 'Enter' && typed) highlightFirstIfNone(combobox);
            onComboboxKeyDown(combobox, event);
            byEnter.current = false;
          }}
          onChange={(event) => {
            setWaitingPick(null);
            onSearchChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={loading || waitingPick !== null ? <Loader size={14} /> : null}
          data-task-focus="focus"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={options.length === 0 && !nothingFound}>
        <Combobox.Options aria-label={label} mah={260} style={{ overflowY: 'auto' }}>
          {options.length === 0 ? (
            <Combobox.Empty>{nothingFound}</Combobox.Empty>
          ) : (
            options.map((option) => (
              <Combobox.Option value={option.value} key={option.value}>
                {option.content ?? option.label}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
