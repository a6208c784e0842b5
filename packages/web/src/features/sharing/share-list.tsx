/**
 * What the users and teams share sections have in common: their title, the add form for admins,
 * the shares (or their loading, error and empty states), changing a right in place and removing
 * a share after a confirmation.
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import type { Right } from '@ordo/core';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DelayedLoader } from '../../ui/delayed-loader';
import { showError, showSuccess } from '../../ui/notices';
import { ShareRow } from './share-row';
import classes from './sharing.module.css';

interface Share {
  id: number;
  right: Right;
}

export function ShareList<S extends Share>({
  kind,
  admin,
  queryKey,
  fetchShares,
  changeRight,
  unshare,
  nameOf,
  rowDetails,
  addForm,
}: {
  kind: 'user' | 'team';
  admin: boolean;
  queryKey: QueryKey;
  fetchShares: () => Promise<S[]>;
  changeRight: (share: S, right: Right) => Promise<unknown>;
  unshare: (share: S) => Promise<unknown>;
  /** How a share is named in its row and in the removal confirmation. */
  nameOf: (share: S) => string;
  /** What else a row shows beside the name. */
  rowDetails?: (share: S) => Pick<Parameters<typeof ShareRow>[0], 'avatarUser' | 'detail'>;
  /** The form admins add shares with, given the current shares. */
  addForm: (shares: S[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const scope = `sharing.${kind}s`;
  const [removing, setRemoving] = useState<S | null>(null);
  const shares = useQuery({ queryKey, queryFn: fetchShares });
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const change = useMutation({
    mutationFn: ({ share, right }: { share: S; right: Right }) => changeRight(share, right),
    onSuccess: async () => {
      showSuccess(t, t('sharing.rightChanged'));
      await refresh();
    },
    onError: (error) => showError(t, error),
  });
  const remove = useMutation({
    mutationFn: unshare,
    onSuccess: async () => {
      showSuccess(t, t(`${scope}.removed`));
      setRemoving(null);
      await refresh();
    },
    onError: (error) => showError(t, error),
  });

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t(`${scope}.title`)}
      </Title>
      {admin && shares.data && addForm(shares.data)}
      {shares.error ? (
        <Alert color="red">{errorText(shares.error, t)}</Alert>
      ) : !shares.data ? (
        <DelayedLoader label={t('sharing.loading')} minHeight={60} />
      ) : shares.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`${scope}.empty`)}
        </Text>
      ) : (
        <ul className={classes.list} aria-label={t(`${scope}.title`)}>
          {shares.data.map((share) => (
            <ShareRow
              key={share.id}
              kind={kind}
              name={nameOf(share)}
              {...rowDetails?.(share)}
              right={share.right}
              editable={admin}
              busy={change.isPending && change.variables?.share.id === share.id}
              onChangeRight={(right) => change.mutate({ share, right })}
              onRemove={() => setRemoving(share)}
            />
          ))}
        </ul>
      )}
      <ConfirmModal
        opened={removing !== null}
        title={t(`${scope}.removeTitle`)}
        message={removing ? t(`${scope}.removeConfirm`, { name: nameOf(removing) }) : ''}
        confirmLabel={t('sharing.remove')}
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
