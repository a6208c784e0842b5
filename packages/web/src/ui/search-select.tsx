/**
 * A choice list one can type in to find the option (a time zone, a project, a person the server
 * finds). Mantine's searchable Select, drawn from the same parts, with what it lacks for keyboard
 * and screen-reader users:
 * - the first match of the text typed is highlighted, so Enter picks it without ↓ first, also
 *   when the matches come from the server after the typing (Mantine's Select highlights only as
 *   the text changes, when the server has not answered yet);
 * - while the matches are not yet the answer for the text typed (`pending`), Enter waits for the
 *   answer and picks its first match, rather than a match of the text typed before;
 * - the highlighted option is named to screen readers on typing as on ↓ and ↑;
 * - a clearable choice emptied from the keyboard is cleared (Mantine's clear button is for the
 *   mouse only, and its Select puts the label back).
 */
import {
  Combobox,
  type ComboboxItem,
  type ComboboxProps,
  defaultOptionsFilter,
  InputBase,
  type InputBaseProps,
  Loader,
  OptionsDropdown,
  useCombobox,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import {
  comboboxInputAttributes,
  highlightFirstIfNone,
  nameHighlightedOption,
  onComboboxKeyDown,
} from './combobox-highlight';

type InputProps = Pick<
  InputBaseProps,
  'label' | 'description' | 'error' | 'required' | 'disabled' | 'w' | 'maw'
> & {
  placeholder?: string;
  'aria-label'?: string;
  'data-task-focus'?: string;
  style?: CSSProperties;
};

export interface SearchSelectProps extends InputProps {
  /** Options, or their values when each is its own label. */
  data: readonly (ComboboxItem | string)[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** Called with the text typed. A caller that passes it searches itself: `data` is not filtered. */
  onSearchChange?: (text: string) => void;
  /** `data` is not yet the answer for the text typed: Enter waits for it. */
  pending?: boolean;
  loading?: boolean;
  clearable?: boolean;
  nothingFoundMessage?: string;
  /** At most this many matches are listed. */
  limit?: number;
  onDropdownOpen?: () => void;
  comboboxProps?: ComboboxProps;
}

export function SearchSelect({
  data: options,
  value,
  onChange,
  onSearchChange,
  pending = false,
  loading = false,
  clearable = false,
  nothingFoundMessage,
  limit,
  onDropdownOpen,
  comboboxProps,
  ...input
}: SearchSelectProps) {
  const id = useId();
  const combobox = useCombobox({
    onDropdownOpen: () => {
      // Opened without typing: the list starts at the chosen option, as Mantine's Select does.
      combobox.updateSelectedOptionIndex('active', { scrollIntoView: true });
      onDropdownOpen?.();
    },
    onDropdownClose: () => combobox.resetSelectedOption(),
  });
  const data = options.map((option) =>
    typeof option === 'string' ? { value: option, label: option } : option,
  );
  const selected = data.find((option) => option.value === value) ?? null;
  const [search, setSearchText] = useState(selected?.label ?? '');
  const setSearch = (text: string) => {
    setSearchText(text);
    onSearchChange?.(text);
  };
  // The box shows the chosen option's label: when the value changes, when its label arrives,
  // and after a pick (the caller may keep no value, as a "move to" list does).
  const [picks, setPicks] = useState(0);
  const selectedLabel = selected?.label ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for a new value, label or pick.
  useEffect(() => setSearch(selectedLabel), [value, selectedLabel, picks]);

  function pick(picked: string) {
    if (picked !== value) onChange(picked);
    setPicks((count) => count + 1);
    combobox.closeDropdown();
  }

  // Text typed, other than the chosen option's label, filters the list and highlights its first.
  // A caller that searches keeps the chosen option in `data` for its label: it is no match of the
  // new text (it would be the first, and Enter would pick it again).
  const typed = search.trim() !== '' && search !== selectedLabel;
  const shown = !typed
    ? data
    : onSearchChange
      ? data.filter((option) => option.value !== value)
      : defaultOptionsFilter({ options: data, search, limit: limit ?? Infinity });
  const opened = combobox.dropdownOpened;
  const shownValues = shown.map((option) => ('value' in option ? option.value : '')).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for a new list, not a new store.
  useEffect(() => {
    nameHighlightedOption(combobox, opened && typed ? combobox.selectFirstOption() : null);
  }, [opened, typed, shownValues]);

  // Enter pressed while the list was pending picks the first match of the answer, also once the
  // focus has moved on (Tab right after Enter): the Enter was the choice.
  const [enterWaiting, setEnterWaiting] = useState(false);
  useEffect(() => {
    if (!enterWaiting || pending) return;
    setEnterWaiting(false);
    const first = shown[0];
    if (first && 'value' in first) pick(first.value);
  });

  // A server's list is empty also before the first answer: "nothing found" waits for one.
  const emptyText = onSearchChange && (!typed || pending) ? undefined : nothingFoundMessage;
  const clear = clearable && value !== null && !input.disabled;
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Combobox
      store={combobox}
      withinPortal
      // As the theme's Select: the list scrolls itself, with no scroll area inside it. A name
      // longer than the list is wide wraps rather than being cut.
      styles={{ options: { maxHeight: 220, overflowY: 'auto' }, option: { overflowWrap: 'anywhere' } }}
      {...comboboxProps}
      onOptionSubmit={pick}
    >
      <Combobox.Target withAriaAttributes={false} withKeyboardNavigation={false}>
        <InputBase
          // A long chosen name ends in "…" while the box is left (all of it shows in the list).
          styles={{ input: { textOverflow: 'ellipsis' } }}
          {...input}
          {...comboboxInputAttributes(combobox)}
          // The WAI-ARIA combobox pattern, as the theme makes Mantine's Select.
          role="combobox"
          aria-expanded={combobox.dropdownOpened}
          id={id}
          ref={inputRef}
          value={search}
          onChange={(event) => {
            setEnterWaiting(false);
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && pending && typed && opened) {
              // Not picked from the old list, nor sent with a form around it.
              event.preventDefault();
              combobox.resetSelectedOption();
              nameHighlightedOption(combobox, null);
              setEnterWaiting(true);
              return;
            }
            if (event.key === 'Enter' && typed) highlightFirstIfNone(combobox);
            onComboboxKeyDown(combobox, event);
          }}
          onFocus={() => combobox.openDropdown()}
          onClick={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            if (enterWaiting) return;
            // Emptied from the keyboard, the choice is cleared (the clear button is the mouse's).
            if (clearable && value !== null && search.trim() === '') onChange(null);
            else setSearch(selectedLabel);
          }}
          rightSection={
            clear ? (
              <Combobox.ClearButton
                data-testid="clear-choice"
                onClear={() => {
                  onChange(null);
                  setSearch('');
                  inputRef.current?.focus();
                }}
              />
            ) : loading || enterWaiting ? (
              <Loader size={14} />
            ) : (
              <Combobox.Chevron error={input.error} />
            )
          }
          rightSectionPointerEvents={clear ? 'all' : 'none'}
        />
      </Combobox.Target>
      <OptionsDropdown
        data={shown}
        filter={undefined}
        search={search}
        filterOptions={false}
        limit={limit}
        hidden={input.disabled}
        hiddenWhenEmpty={!emptyText}
        nothingFoundMessage={emptyText}
        withScrollArea={false}
        maxDropdownHeight={undefined}
        withCheckIcon
        checkIconPosition="left"
        value={value}
        unstyled={undefined}
        labelId={input.label ? `${id}-label` : undefined}
        aria-label={input.label ? undefined : input['aria-label']}
        scrollAreaProps={undefined}
      />
    </Combobox>
  );
}
