/**
 * Every keyboard shortcut of the app (spec 1 §2, spec 2 §2, reference §9), grouped as the help
 * screen shows them. Components bind these strings with useShortcut; the help lists them all.
 * A shortcut starting with `Mod+` reads Ctrl or ⌘ by platform; `Click` marks a mouse action.
 */

export const MENU_SHORTCUT = 'Mod+KeyE';
export const HELP_SHORTCUT = 'Shift+Slash';
/** Shown as Ctrl+K or ⌘+K; bound as both, since the spec opens the palette with either. */
export const QUICK_SEARCH_SHORTCUT = 'Mod+KeyK';
export const QUICK_SEARCH_SHORTCUTS = { control: 'Control+KeyK', meta: 'Meta+KeyK' } as const;

/** Go-to sequences of the main navigation (spec 1 §2). */
export const goToShortcuts = [
  { path: '/', label: 'navigation.overview', shortcut: 'KeyG KeyO' },
  { path: '/tasks/by/upcoming', label: 'shortcutHelp.upcoming', shortcut: 'KeyG KeyU' },
  { path: '/projects', label: 'shortcutHelp.projects', shortcut: 'KeyG KeyP' },
  { path: '/labels', label: 'navigation.labels', shortcut: 'KeyG KeyA' },
  { path: '/teams', label: 'shortcutHelp.teams', shortcut: 'KeyG KeyM' },
  { path: '/templates', label: 'navigation.templates', shortcut: 'KeyG KeyE' },
  { path: '/trash', label: 'navigation.trash', shortcut: 'KeyG KeyD' },
] as const;

export type GoToPath = (typeof goToShortcuts)[number]['path'];

const goToByPath = Object.fromEntries(goToShortcuts.map(({ path, shortcut }) => [path, shortcut])) as Record<
  GoToPath,
  string
>;

/** The go-to sequence of a main page, for the side navigation's hints. */
export function goToShortcut(path: GoToPath): string {
  return goToByPath[path];
}

export const projectViewShortcuts = {
  list: 'KeyG KeyL',
  gantt: 'KeyG KeyG',
  table: 'KeyG KeyT',
  kanban: 'KeyG KeyK',
} as const;

export const listShortcuts = {
  down: 'KeyJ',
  up: 'KeyK',
  open: 'Enter',
  markDone: 'Mod+Click',
  select: 'KeyX',
} as const;

export function taskDetailShortcuts(apple: boolean) {
  return {
    done: 'KeyT',
    assign: 'KeyA',
    labels: 'KeyL',
    dueDate: 'KeyD',
    attachment: 'KeyF',
    related: 'KeyR',
    move: 'KeyM',
    color: 'KeyC',
    // Alt+R types a character on Apple keyboards (reference §9).
    reminder: apple ? 'Shift+KeyR' : 'Alt+KeyR',
    description: 'KeyE',
    priority: 'KeyP',
    delete: 'Shift+Delete',
    favorite: 'KeyS',
    project: 'KeyU',
    save: 'Mod+KeyS',
  } as const;
}

export interface ShortcutRow {
  /** i18n key of what the shortcut does. */
  label: string;
  shortcut: string;
}

export interface ShortcutGroup {
  /** i18n key of the group's heading. */
  title: string;
  rows: ShortcutRow[];
}

const taskLabels: Record<keyof ReturnType<typeof taskDetailShortcuts>, string> = {
  done: 'shortcutHelp.task.done',
  assign: 'shortcutHelp.task.assign',
  labels: 'shortcutHelp.task.labels',
  dueDate: 'shortcutHelp.task.dueDate',
  attachment: 'shortcutHelp.task.attachment',
  related: 'shortcutHelp.task.related',
  move: 'shortcutHelp.task.move',
  color: 'shortcutHelp.task.color',
  reminder: 'shortcutHelp.task.reminder',
  description: 'shortcutHelp.task.description',
  priority: 'shortcutHelp.task.priority',
  delete: 'shortcutHelp.task.delete',
  favorite: 'shortcutHelp.task.favorite',
  project: 'shortcutHelp.task.project',
  save: 'shortcutHelp.task.save',
};

/** The help screen's groups, in order, for the user's platform. */
export function shortcutGroups(apple: boolean): ShortcutGroup[] {
  const task = taskDetailShortcuts(apple);
  return [
    {
      title: 'shortcuts.general',
      rows: [
        { label: 'shortcuts.toggleMenu', shortcut: MENU_SHORTCUT },
        { label: 'shortcutHelp.quickSearch', shortcut: QUICK_SEARCH_SHORTCUT },
        { label: 'shortcuts.showHelp', shortcut: HELP_SHORTCUT },
      ],
    },
    {
      title: 'shortcuts.navigation',
      rows: goToShortcuts.map(({ label, shortcut }) => ({ label, shortcut })),
    },
    {
      title: 'shortcutHelp.projectGroup',
      rows: [
        { label: 'shortcutHelp.view.list', shortcut: projectViewShortcuts.list },
        { label: 'shortcutHelp.view.gantt', shortcut: projectViewShortcuts.gantt },
        { label: 'shortcutHelp.view.table', shortcut: projectViewShortcuts.table },
        { label: 'shortcutHelp.view.kanban', shortcut: projectViewShortcuts.kanban },
        { label: 'shortcutHelp.list.down', shortcut: listShortcuts.down },
        { label: 'shortcutHelp.list.up', shortcut: listShortcuts.up },
        { label: 'shortcutHelp.list.open', shortcut: listShortcuts.open },
        { label: 'shortcutHelp.list.markDone', shortcut: listShortcuts.markDone },
        { label: 'shortcutHelp.list.select', shortcut: listShortcuts.select },
      ],
    },
    {
      title: 'shortcutHelp.taskGroup',
      rows: (Object.keys(task) as (keyof typeof task)[]).map((name) => ({
        label: taskLabels[name],
        shortcut: task[name],
      })),
    },
  ];
}
