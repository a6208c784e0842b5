/** Creating a label (labels.create, a modal route): a random palette colour to start with. */
import { Button, Group, Modal, Stack } from '@mantine/core';
import { randomLabelColor } from '@ordo/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createLabel, type LabelInput, labelKeys } from '../../api/labels';
import { showError, showSuccess } from '../../ui/notices';
import { LabelForm } from './label-form';

function emptyLabel(): LabelInput {
  return { title: '', description: '', hexColor: randomLabelColor() };
}

export function LabelCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<LabelInput>(emptyLabel);
  const [titleError, setTitleError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setForm(emptyLabel());
      setTitleError(null);
    }
  }, [opened]);

  const create = useMutation({
    mutationFn: () => createLabel(form),
    onSuccess: async () => {
      showSuccess(t, t('labels.created'));
      await queryClient.invalidateQueries({ queryKey: labelKeys.all });
      onClose();
    },
    onError: (error) => showError(t, error),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.title.trim()) {
      setTitleError(t('labels.titleRequired'));
      return;
    }
    setTitleError(null);
    create.mutate();
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('labels.create')} centered>
      <form onSubmit={submit}>
        <Stack gap="lg">
          <LabelForm value={form} onChange={setForm} titleError={titleError} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('labels.createAction')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
