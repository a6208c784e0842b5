/**
 * A project's link shares (spec 1 §6, spec 2 §3 Link share; reference §2.11): anyone with the
 * link reaches the project with the share's right, optionally behind a password. Admins see and
 * delete all link shares; read & write users may create shares up to their own right and see the
 * ones they create here (listing needs admin). Links are copied to the clipboard.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { displayName, FIELD_LIMITS, Right } from '@ordo/core';
import { IconCopy, IconLink, IconLock, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../api/projects';
import {
  createLinkShare,
  deleteLinkShare,
  fetchLinkShares,
  LINK_SHARE_WITH_PASSWORD,
  type LinkShare,
  type LinkShareInput,
  sharingKeys,
} from '../../api/sharing';
import { useServerInfo } from '../../app/server-info';
import { errorText } from '../../i18n/error-text';
import { copyWithNotice } from '../../ui/clipboard';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DelayedLoader } from '../../ui/delayed-loader';
import { showError, showSuccess } from '../../ui/notices';
import { linkShareUrl } from './link-share-url';
import { RightSelect, rightLabel } from './right-select';
import classes from './sharing.module.css';

function CreateLinkShare({
  project,
  maxRight,
  onCreated,
}: {
  project: Project;
  maxRight: Right;
  onCreated: (share: LinkShare) => void;
}) {
  const { t } = useTranslation();
  const empty: LinkShareInput = { name: '', right: Right.read, password: '' };
  const [form, setForm] = useState<LinkShareInput>(empty);
  const create = useMutation({
    mutationFn: () => createLinkShare(project.id, form),
    onSuccess: (share) => {
      showSuccess(t, t('sharing.links.created'));
      setForm(empty);
      onCreated(share);
    },
    onError: (error) => showError(t, error),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }

  return (
    <form onSubmit={submit} noValidate className={classes.addForm} aria-label={t('sharing.links.create')}>
      <TextInput
        label={t('sharing.links.name')}
        placeholder={t('sharing.links.namePlaceholder')}
        value={form.name}
        onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
        maxLength={FIELD_LIMITS.name}
        style={{ flex: '1 1 160px' }}
      />
      <RightSelect
        value={form.right}
        onChange={(right) => setForm({ ...form, right })}
        label={t('sharing.right')}
        max={maxRight}
      />
      <PasswordInput
        label={t('sharing.links.password')}
        placeholder={t('sharing.links.passwordPlaceholder')}
        value={form.password}
        onChange={(e) => setForm({ ...form, password: e.currentTarget.value })}
        autoComplete="new-password"
        style={{ flex: '1 1 160px' }}
      />
      <Button type="submit" loading={create.isPending} leftSection={<IconLink size={16} />}>
        {t('sharing.links.create')}
      </Button>
    </form>
  );
}

function LinkShareRow({
  share,
  url,
  canDelete,
  onDelete,
}: {
  share: LinkShare;
  url: string;
  canDelete: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const name = share.name || t('sharing.links.unnamed');
  const copy = () => copyWithNotice(t, url, t('sharing.links.copied'));
  return (
    <li className={classes.row} data-testid="link-share">
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Text fw={500} truncate="end">
              {name}
            </Text>
            <Badge variant="light" color="gray" size="sm">
              {rightLabel(share.right, t)}
            </Badge>
            {share.sharingType === LINK_SHARE_WITH_PASSWORD && (
              <Badge variant="light" color="yellow" size="sm" leftSection={<IconLock size={12} />}>
                {t('sharing.links.protected')}
              </Badge>
            )}
          </Group>
          {share.sharedBy && (
            <Text size="xs" c="dimmed">
              {t('sharing.links.sharedBy', { name: displayName(share.sharedBy) })}
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            value={url}
            readOnly
            aria-label={t('sharing.links.url', { name })}
            onFocus={(e) => e.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          />
          <Tooltip label={t('sharing.links.copy')}>
            <ActionIcon
              variant="light"
              size="lg"
              onClick={copy}
              aria-label={`${t('sharing.links.copy')}: ${name}`}
            >
              <IconCopy size={18} />
            </ActionIcon>
          </Tooltip>
          {canDelete && (
            <Tooltip label={t('sharing.links.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={onDelete}
                aria-label={`${t('sharing.links.delete')}: ${name}`}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Stack>
    </li>
  );
}

export function LinkShares({ project, right }: { project: Project; right: Right }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const info = useServerInfo();
  const admin = right === Right.admin;
  const [created, setCreated] = useState<LinkShare[]>([]);
  const [deleting, setDeleting] = useState<LinkShare | null>(null);
  const [viewId, setViewId] = useState<string | null>(null);
  const [logoVisible, setLogoVisible] = useState(true);
  const listed = useQuery({
    queryKey: sharingKeys.links(project.id),
    queryFn: () => fetchLinkShares(project.id),
    enabled: admin,
  });
  const shares = admin ? listed.data : created;
  const base = info?.frontendUrl || `${window.location.origin}/`;
  const views = [...(project.views ?? [])].sort((a, b) => a.position - b.position || a.id - b.id);

  const remove = useMutation({
    mutationFn: (share: LinkShare) => deleteLinkShare(project.id, share.id),
    onSuccess: async (_answer, share) => {
      showSuccess(t, t('sharing.links.deleted'));
      setDeleting(null);
      setCreated((list) => list.filter((s) => s.id !== share.id));
      await queryClient.invalidateQueries({ queryKey: sharingKeys.links(project.id) });
    },
    onError: (error) => showError(t, error),
  });

  async function onCreated(share: LinkShare) {
    setCreated((list) => [...list, share]);
    await queryClient.invalidateQueries({ queryKey: sharingKeys.links(project.id) });
  }

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('sharing.links.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('sharing.links.hint')}
      </Text>
      <CreateLinkShare project={project} maxRight={right} onCreated={onCreated} />
      {!admin && (
        <Text size="xs" c="dimmed">
          {t('sharing.links.adminsOnly')}
        </Text>
      )}
      {listed.error ? (
        <Alert color="red">{errorText(listed.error, t)}</Alert>
      ) : !shares ? (
        <DelayedLoader label={t('sharing.loading')} minHeight={60} />
      ) : shares.length === 0 ? (
        admin && (
          <Text size="sm" c="dimmed">
            {t('sharing.links.empty')}
          </Text>
        )
      ) : (
        <>
          <Group gap="md" align="flex-end" wrap="wrap">
            {views.length > 0 && (
              <Select
                label={t('sharing.links.view')}
                placeholder={t('sharing.links.defaultView')}
                data={views.map((v) => ({ value: String(v.id), label: v.title }))}
                value={viewId}
                onChange={setViewId}
                clearable
                w={200}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <Checkbox
              label={t('sharing.links.showLogo')}
              checked={logoVisible}
              onChange={(e) => setLogoVisible(e.currentTarget.checked)}
              mb={8}
            />
          </Group>
          <ul className={classes.list} aria-label={t('sharing.links.title')}>
            {shares.map((share) => (
              <LinkShareRow
                key={share.id}
                share={share}
                url={linkShareUrl(base, share.hash, { viewId: viewId ? Number(viewId) : null, logoVisible })}
                canDelete={share.right <= right}
                onDelete={() => setDeleting(share)}
              />
            ))}
          </ul>
        </>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('sharing.links.deleteTitle')}
        message={t('sharing.links.deleteConfirm')}
        confirmLabel={t('sharing.links.delete')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
