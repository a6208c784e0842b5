/**
 * A text box with a list of matches to pick from (labels, assignees, tasks to relate). Picking
 * clears the text; the caller does the searching, so results come from the server.
 */
import { Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PickerOption {
  value: string;
  label: string;
  content?: ReactNode;
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
  /** Off inside a popover, whose outside clicks a list in a portal would count as. */
  withinPortal?: boolean;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        onPick(value);
        onSearchChange('');
        combobox.closeDropdown();
      }}
      withinPortal={withinPortal}
      // The list is drawn only while open. Kept mounted (Mantine's default), the closed list was
      // placed by floating-ui as the task's detail first drew, a forced style and layout of the
      // whole page inside that commit (about 0.18 s at 4× CPU slowdown, for the labels field).
      keepMounted={false}
    >
      <Combobox.Target>
        <TextInput
          aria-label={label}
          placeholder={placeholder ?? label}
          value={search}
          onChange={(event) => {
            onSearchChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={loading ? <Loader size={14} /> : null}
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
