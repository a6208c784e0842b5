/**
 * The notice after a delete that went to the trash: its Undo brings the item back and says so,
 * or shows why it could not (the entry was deleted for good, the project was archived meanwhile).
 * `refresh` runs afterwards either way, so every list shows what the server now holds.
 */
import type { TFunction } from 'i18next';
import { showError, showSuccess } from '../../ui/notices';

export interface TrashUndo {
  restore: () => Promise<unknown>;
  /** The notice once it is back. */
  restored: string;
  refresh: () => unknown;
}

export function showDeletedWithUndo(t: TFunction, message: string, undo: TrashUndo): void {
  showSuccess(t, message, [
    {
      label: t('tasks.done.undo'),
      onClick: () => {
        undo
          .restore()
          .then(() => showSuccess(t, undo.restored))
          .catch((error) => showError(t, error))
          .finally(() => void undo.refresh());
      },
    },
  ]);
}
