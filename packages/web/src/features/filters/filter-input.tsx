/**
 * The filter editor used by every task list (list, table, kanban, gantt, saved filters): the query
 * with its fields, operators and values coloured, autocomplete of fields, operators, labels,
 * projects and users (shown by title; the caller sends ids), and a server error under the input
 * with the part it names underlined. Enter applies; the text is one logical line.
 */
import { Input } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { type KeyboardEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useCustomFields } from '../custom-fields/use-custom-fields';
import { applySuggestion, suggestionContext } from './filter-autocomplete';
import { findErrorPart, highlightFilter } from './filter-highlight';
import classes from './filter-input.module.css';
import { type Suggestion, useFilterSuggestions } from './use-filter-suggestions';

export interface FilterInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter without an open suggestion list. */
  onSubmit?: () => void;
  label: string;
  /** Hide the label visually (it stays the accessible name). */
  hideLabel?: boolean;
  placeholder?: string;
  description?: React.ReactNode;
  /** `project` is a field of saved filters only. */
  allowProject?: boolean;
  error?: string | null;
  /** The part of the text the error is about; underlined when found. */
  errorPart?: string | null;
}

export function FilterInput({
  value,
  onChange,
  onSubmit,
  label,
  hideLabel = false,
  placeholder,
  description,
  allowProject = false,
  error,
  errorPart,
}: FilterInputProps) {
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const highlight = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const pendingCursor = useRef<number | null>(null);

  // The project on screen (a view, its settings) lends its custom fields as field names.
  const customFields = useCustomFields(Number(useParams().projectId)).data;
  const context = cursor === null ? null : suggestionContext(value, cursor, customFields);
  const suggestions = useFilterSuggestions(context, { allowProject, customFields });
  const open = !dismissed && suggestions.length > 0;
  const activeIndex = Math.min(active, suggestions.length - 1);
  const tokens = useMemo(() => highlightFilter(value, findErrorPart(value, errorPart)), [value, errorPart]);

  useLayoutEffect(() => {
    if (pendingCursor.current === null || !textarea.current) return;
    textarea.current.setSelectionRange(pendingCursor.current, pendingCursor.current);
    setCursor(pendingCursor.current);
    pendingCursor.current = null;
  });

  function readCursor() {
    const el = textarea.current;
    setCursor(el && el.selectionStart === el.selectionEnd ? el.selectionStart : null);
  }

  function pick(suggestion: Suggestion) {
    if (!context) return;
    const next = applySuggestion(value, context, suggestion.insert);
    pendingCursor.current = next.cursor;
    setActive(0);
    onChange(next.text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(suggestions[activeIndex]);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissed(true);
        return;
      }
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit?.();
    }
  }

  const listId = `${id}-suggestions`;
  return (
    <Input.Wrapper
      label={label}
      labelProps={{ htmlFor: id, style: hideLabel ? hiddenStyle : undefined }}
      description={description}
      error={error ? <span style={{ whiteSpace: 'pre-line' }}>{error}</span> : undefined}
      errorProps={{ id: `${id}-error`, role: 'alert' }}
    >
      <div className={classes.editor} data-error={error ? true : undefined} style={{ position: 'relative' }}>
        <div ref={highlight} className={classes.highlight} aria-hidden="true">
          {/* The placeholder lives here so a long one wraps and the editor grows with it. */}
          {value === '' && placeholder && <span className={classes.placeholder}>{placeholder}</span>}
          {tokens.map((token) => (
            <span
              key={`${token.start}-${token.kind}`}
              className={`${token.kind === 'text' ? '' : classes[token.kind]} ${token.error ? classes.error : ''}`}
            >
              {token.text}
            </span>
          ))}
          {/* A trailing newline needs a character after it to take up a line. */}
          {'\u200b'}
        </div>
        <textarea
          ref={textarea}
          id={id}
          className={classes.textarea}
          value={value}
          placeholder={placeholder}
          rows={1}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${listId}-${activeIndex}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setDismissed(false);
            setActive(0);
            onChange(event.currentTarget.value.replace(/\n/g, ' '));
            setCursor(event.currentTarget.selectionStart);
          }}
          onKeyDown={onKeyDown}
          onKeyUp={(event) => {
            if (event.key.startsWith('Arrow') && !open) readCursor();
            if (event.key === 'Home' || event.key === 'End') readCursor();
          }}
          onClick={() => {
            setDismissed(false);
            readCursor();
          }}
          onFocus={readCursor}
          onBlur={() => setCursor(null)}
        />
        {open && (
          <div id={listId} role="listbox" aria-label={label} className={classes.suggestions}>
            {suggestions.map((suggestion, index) => (
              <div
                key={suggestion.key}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === activeIndex}
                data-active={index === activeIndex || undefined}
                className={classes.option}
                // Keep the focus in the textarea; a click picks.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(suggestion)}
                onKeyDown={() => {}}
                onMouseEnter={() => setActive(index)}
              >
                <span>{suggestion.label}</span>
                {suggestion.hint && <span className={classes.optionHint}>{suggestion.hint}</span>}
              </div>
            ))}
          </div>
        )}
      </div>
    </Input.Wrapper>
  );
}

const hiddenStyle: React.CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
