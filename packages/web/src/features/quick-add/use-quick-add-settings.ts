/**
 * The settings quick-add reads: the magic mode, the default project and the default reminders. Read without insisting on
 * a loaded user, since the palette lives in the shell and may render while the session refreshes;
 * until the user is there, the defaults apply.
 */
import { defaultFrontendSettings, type QuickAddMagicMode } from '@ordo/core';
import { useCurrentUser } from '../auth/use-current-user';
import { defaultReminderPeriods } from './default-reminders';

export function useQuickAddSettings(): {
  mode: QuickAddMagicMode;
  defaultProjectId: number | null;
  defaultReminders: number[];
} {
  const settings = useCurrentUser().data?.settings;
  const defaultProjectId = settings?.defaultProjectId ?? 0;
  return {
    mode: settings?.frontendSettings.quickAddMagicMode ?? defaultFrontendSettings.quick_add_magic_mode,
    defaultProjectId: defaultProjectId > 0 ? defaultProjectId : null,
    defaultReminders: defaultReminderPeriods(settings?.frontendSettings.defaultReminders),
  };
}
