/**
 * The state of a label form being saved (created or edited): the title is required, a save
 * refreshes every label list and tells the user, a failure is shown as a notice.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LabelInput, labelKeys } from '../../api/labels';
import { showError, showSuccess } from '../../ui/notices';

export function useLabelForm({
  initial,
  save,
  savedText,
  onSaved,
}: {
  initial: LabelInput | (() => LabelInput);
  save: (input: LabelInput) => Promise<unknown>;
  savedText: string;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<LabelInput>(initial);
  const [titleError, setTitleError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => save(form),
    onSuccess: async () => {
      showSuccess(t, savedText);
      await queryClient.invalidateQueries({ queryKey: labelKeys.all });
      onSaved();
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
    mutation.mutate();
  }

  /** Starts the form afresh, without an error. */
  const reset = useCallback((next: LabelInput) => {
    setForm(next);
    setTitleError(null);
  }, []);

  return { form, setForm, titleError, submit, saving: mutation.isPending, reset };
}
