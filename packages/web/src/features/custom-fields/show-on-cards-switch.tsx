/**
 * The Fields dialog's "Show on cards" switch of one field: flips at once, and flips back with a
 * notice when the server refuses. Only this field is put back, so a second switch flipped
 * meanwhile keeps its own change.
 */
import { Switch } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type CustomField, customFieldKeys, updateCustomField } from '../../api/custom-fields';
import { showError } from '../../ui/notices';

export function ShowOnCardsSwitch({
  projectId,
  field,
  canEdit,
}: {
  projectId: number;
  field: CustomField;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = customFieldKeys.ofProject(projectId);
  const setShown = (shown: boolean) =>
    client.setQueryData<CustomField[]>(key, (list) =>
      list?.map((f) => (f.id === field.id ? { ...f, showOnCards: shown } : f)),
    );
  const toggle = useMutation({
    mutationFn: (showOnCards: boolean) => updateCustomField(projectId, field.id, { showOnCards }),
    onMutate: async (showOnCards) => {
      await client.cancelQueries({ queryKey: key });
      setShown(showOnCards);
    },
    onError: (error, showOnCards) => {
      setShown(!showOnCards);
      showError(t, error);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  return (
    <Switch
      size="xs"
      label={t('customFields.showOnCards')}
      aria-label={t('customFields.showOnCardsNamed', { title: field.title })}
      checked={field.showOnCards}
      disabled={!canEdit}
      onChange={(event) => toggle.mutate(event.currentTarget.checked)}
      styles={{ label: { paddingInlineStart: 6 } }}
    />
  );
}
