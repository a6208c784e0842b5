/**
 * A settings list whose items can be deleted after a confirmation (API tokens, CalDAV tokens,
 * sessions): the item leaves the list at once and comes back in its place, with a notice, when
 * the server refuses. The caller draws each item and gives the texts.
 */
import { ActionIcon, Stack, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../ui/confirm-modal';
import { showError, showSuccess } from '../../ui/notices';

export interface RemovalTexts<T> {
  list: string;
  deleted: string;
  confirmTitle: string;
  confirmMessage: (item: T) => string;
  confirmLabel: string;
}

export function RemovableList<T extends { id: number | string }>({
  items,
  queryKey,
  remove,
  texts,
  renderItem,
}: {
  items: T[];
  queryKey: QueryKey;
  remove: (item: T) => Promise<unknown>;
  texts: RemovalTexts<T>;
  /** One `<li>`; `askToRemove` opens the confirmation. */
  renderItem: (item: T, askToRemove: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState<T | null>(null);
  const removal = useMutation({
    mutationFn: remove,
    onMutate: async (item: T) => {
      setConfirming(null);
      await client.cancelQueries({ queryKey });
      const before = client.getQueryData<T[]>(queryKey);
      client.setQueryData<T[]>(queryKey, (old) => old?.filter((x) => x.id !== item.id));
      return { before };
    },
    onError: (error, _item, context) => {
      if (context?.before) client.setQueryData(queryKey, context.before);
      showError(t, error);
    },
    onSuccess: () => showSuccess(t, texts.deleted),
    onSettled: () => client.invalidateQueries({ queryKey }),
  });
  return (
    <>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={texts.list}>
        {items.map((item) => renderItem(item, () => setConfirming(item)))}
      </Stack>
      <ConfirmModal
        opened={confirming !== null}
        title={texts.confirmTitle}
        message={confirming ? texts.confirmMessage(confirming) : ''}
        confirmLabel={texts.confirmLabel}
        onConfirm={() => confirming && removal.mutate(confirming)}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}

/** The delete button of a removable item: `tooltip` shows on hover, `label` names the item. */
export function RemoveButton({
  tooltip,
  label,
  onClick,
}: {
  tooltip: string;
  label: string;
  onClick: () => void;
}) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon variant="subtle" color="red" onClick={onClick} aria-label={label}>
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
