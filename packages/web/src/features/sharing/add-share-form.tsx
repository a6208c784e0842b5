/**
 * The form project admins share with: pick a user or team by search, choose the right, share. The
 * picker empties after each share.
 */
import { Button } from '@mantine/core';
import { Right } from '@ordo/core';
import { IconShare } from '@tabler/icons-react';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusAfterSend } from '../../ui/focus-after-send';
import { showError, showSuccess } from '../../ui/notices';
import { RightSelect } from './right-select';
import classes from './sharing.module.css';

/** What the search picker of the form is given. */
export interface PickerField {
  value: string | null;
  onChange: (value: string | null) => void;
  error: string | null;
}

export function AddShareForm({
  kind,
  queryKey,
  share,
  picker,
}: {
  kind: 'user' | 'team';
  /** The share list to refresh after sharing. */
  queryKey: QueryKey;
  share: (picked: string, right: Right) => Promise<unknown>;
  picker: (field: PickerField) => ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const scope = `sharing.${kind}s`;
  const [picked, setPicked] = useState<string | null>(null);
  const [right, setRight] = useState<Right>(Right.read);
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // The emptied search takes the focus for the next share (ui/focus-after-send.ts).
  useEffect(() => {
    if (resetKey === 0) return;
    focusAfterSend(button.current, () => form.current?.querySelector<HTMLInputElement>('input')?.focus());
  }, [resetKey]);

  const add = useMutation({
    mutationFn: (value: string) => share(value, right),
    onSuccess: async () => {
      showSuccess(t, t(`${scope}.added`));
      setPicked(null);
      setResetKey((k) => k + 1);
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: (failure) => showError(t, failure),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!picked) {
      setError(t(`${scope}.required`));
      return;
    }
    setError(null);
    add.mutate(picked);
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className={classes.addForm} aria-label={t(`${scope}.add`)}>
      <Fragment key={resetKey}>{picker({ value: picked, onChange: setPicked, error })}</Fragment>
      <RightSelect value={right} onChange={setRight} label={t('sharing.right')} />
      <Button ref={button} type="submit" loading={add.isPending} leftSection={<IconShare size={16} />}>
        {t('sharing.share')}
      </Button>
    </form>
  );
}
