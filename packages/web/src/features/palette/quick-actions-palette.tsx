/**
 * The quick actions palette (spec 2 §2, §4), opened with Ctrl+K or ⌘+K or the header button: one
 * input with a close button; Esc closes, Down/Up move through the results, Enter activates the
 * highlighted result (or, with exactly one result, that one; or runs the chosen command with the
 * typed text), Backspace on an empty input drops the chosen command. Closing resets everything.
 */
import {
  Badge,
  Box,
  CloseButton,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { QUICK_ADD_PREFIXES } from '@ordo/core';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusReturn } from '../../ui/focus-return';
import { useProjects } from '../projects/use-projects';
import { previewLines } from '../quick-add/preview-model';
import { QuickAddHelpButton } from '../quick-add/quick-add-help-button';
import { QuickAddPreview } from '../quick-add/quick-add-preview';
import { PaletteItemContent, paletteItemText } from './palette-item';
import { labelToken, soleResult } from './palette-search';
import { paletteInputShown } from './palette-shortcut';
import { closePalette, usePaletteOpen } from './palette-state';
import classes from './quick-actions-palette.module.css';
import { usePaletteActions } from './use-palette-actions';
import { type PaletteCommand, type PaletteItem, usePaletteResults } from './use-palette-results';

type Actions = ReturnType<typeof usePaletteActions>;

function HintLine({
  command,
  query,
  actions,
}: {
  command: PaletteCommand | null;
  query: string;
  actions: Actions;
}) {
  const { t } = useTranslation();
  const projects = useProjects().data ?? [];
  const current = projects.find((p) => p.id === actions.currentProjectId);
  let hint: string;
  if (command?.kind === 'newTask')
    hint = current ? t('palette.hints.newTaskIn', { project: current.title }) : t('palette.hints.newTask');
  else if (command?.kind === 'newProject')
    hint = current
      ? t('palette.hints.newProjectIn', { project: current.title })
      : t('palette.hints.newProject');
  else if (command?.kind === 'newTeam') hint = t('palette.hints.newTeam');
  else if (actions.mode === 'disabled') hint = t('palette.hints.searchPlain');
  else hint = t('palette.hints.search', QUICK_ADD_PREFIXES[actions.mode]);
  return (
    <Stack gap={6} px="md" py={8} className={classes.hint}>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      {command?.kind === 'newTask' && (
        <QuickAddPreview lines={previewLines(query, actions.environment(actions.currentProjectId))} />
      )}
    </Stack>
  );
}

function PaletteBody({ actions }: { actions: Actions }) {
  const { t } = useTranslation();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const projects = useProjects().data ?? [];
  // Keys typed after Ctrl+K while this code was still loading: the letters start the query, and
  // each Enter is pressed in turn once the results it would have acted on are drawn.
  const [typedEarly] = useState(() => paletteInputShown(true));
  const [query, setQuery] = useState(typedEarly[0]);
  const [afterEarlyEnters, setAfterEarlyEnters] = useState(() => typedEarly.slice(1));
  useEffect(() => () => void paletteInputShown(false), []);
  const [command, setCommand] = useState<PaletteCommand | null>(null);
  const [active, setActive] = useState(-1);
  const groups = usePaletteResults(query, command !== null);
  const items = groups.flatMap((g) => g.items);
  const activeItem = active >= 0 ? items[active] : undefined;

  // New results start unselected: Down moves into them again.
  const signature = items.map((i) => i.id).join();
  useEffect(() => {
    void signature;
    setActive(-1);
  }, [signature]);

  useEffect(() => {
    if (activeItem)
      list.current?.querySelector(`[data-item="${activeItem.id}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [activeItem]);

  function activate(item: PaletteItem) {
    if (item.type === 'command') {
      setCommand(item.command);
      setQuery('');
      input.current?.focus();
    } else if (item.type === 'label') {
      setQuery(labelToken(item.label.title, actions.mode));
      input.current?.focus();
    } else {
      actions.open(item);
    }
  }

  function enter() {
    if (activeItem) return activate(activeItem);
    const sole = soleResult(groups);
    if (sole) return activate(sole);
    if (command && query.trim() !== '') void actions.run(command.kind, query.trim());
  }

  // One early Enter a render, so each acts on the results its text drew. Held in state rather than
  // a ref so that running the effect twice (React's strict mode) presses the same Enter, not two.
  // biome-ignore lint/correctness/useExhaustiveDependencies: enter is this render's; it runs per Enter
  useEffect(() => {
    if (afterEarlyEnters.length === 0) return;
    enter();
    if (afterEarlyEnters[0] !== '') setQuery(afterEarlyEnters[0]);
    setAfterEarlyEnters(afterEarlyEnters.slice(1));
  }, [afterEarlyEnters]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(index + 1, items.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      enter();
    } else if (event.key === 'Backspace' && query === '' && command) {
      event.preventDefault();
      setCommand(null);
    }
  }

  const optionId = (item: PaletteItem) => `${listId}-${item.id}`;
  return (
    <>
      <Group gap="xs" px="md" py="sm" wrap="nowrap" className={classes.inputRow}>
        <IconSearch size={18} stroke={1.6} className={classes.searchIcon} aria-hidden="true" />
        {command && (
          <Badge variant="light" radius="sm" tt="none" size="lg" style={{ flexShrink: 0 }}>
            {command.title}
          </Badge>
        )}
        <input
          ref={input}
          className={classes.input}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          placeholder={command?.placeholder ?? t('palette.placeholder')}
          aria-label={command?.placeholder ?? t('palette.placeholder')}
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeItem ? optionId(activeItem) : undefined}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          // biome-ignore lint/a11y/noAutofocus: the palette exists to be typed into at once
          autoFocus
        />
        <QuickAddHelpButton mode={actions.mode} />
        <CloseButton onClick={closePalette} aria-label={t('palette.close')} />
      </Group>
      <HintLine command={command} query={query} actions={actions} />
      <ScrollArea.Autosize mah="min(60vh, 480px)" type="auto">
        <Box
          ref={list}
          id={listId}
          role="listbox"
          aria-label={t('palette.results')}
          pb={items.length ? 'xs' : 0}
        >
          {groups.map((group) => (
            <Box key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`} pt="xs">
              <Text
                id={`${listId}-${group.kind}`}
                size="xs"
                fw={700}
                c="dimmed"
                tt="uppercase"
                px="md"
                pb={4}
              >
                {t(`palette.groups.${group.kind}`)}
              </Text>
              {group.items.map((item) => {
                const selected = item === activeItem;
                return (
                  <UnstyledButton
                    key={item.id}
                    id={optionId(item)}
                    data-item={item.id}
                    role="option"
                    aria-selected={selected}
                    aria-label={paletteItemText(item)}
                    data-active={selected || undefined}
                    className={classes.option}
                    tabIndex={-1}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => activate(item)}
                  >
                    <PaletteItemContent item={item} projects={projects} />
                  </UnstyledButton>
                );
              })}
            </Box>
          ))}
        </Box>
      </ScrollArea.Autosize>
    </>
  );
}

export function QuickActionsPalette() {
  const { t } = useTranslation();
  const opened = usePaletteOpen();
  const actions = usePaletteActions(closePalette);
  useFocusReturn(opened);
  return (
    // No opening animation: the input must take keys the moment Ctrl+K is pressed, or the first
    // letters typed right after it would be lost.
    <Modal.Root
      opened={opened}
      onClose={closePalette}
      size="lg"
      yOffset="10vh"
      xOffset="1rem"
      transitionProps={{ duration: 0 }}
    >
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content aria-label={t('palette.title')} radius="md">
        <PaletteBody actions={actions} />
      </Modal.Content>
    </Modal.Root>
  );
}
