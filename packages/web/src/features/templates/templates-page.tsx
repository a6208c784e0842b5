/**
 * The user's templates: project templates and task templates, each usable to create a new
 * project or task, renamed or deleted. Templates are saved from a project's menu or a task's
 * detail view; the empty page says so.
 */
import { Alert, Button, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import {
  IconCopyPlus,
  IconEdit,
  IconFolder,
  IconSquareCheck,
  IconTemplate,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteTemplate,
  fetchTemplates,
  renameTemplate,
  type Template,
  templateKeys,
} from '../../api/templates';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DelayedLoader } from '../../ui/delayed-loader';
import { DotsMenuTarget } from '../../ui/dots-menu-target';
import { Modal } from '../../ui/modal';
import { showError, showSuccess } from '../../ui/notices';
import { relativeTime } from '../project-views/task-display';
import { TemplateNameForm } from './template-name-form';
import { UseTemplateModal } from './use-template-modal';

type Dialog = { kind: 'use' | 'rename' | 'delete'; template: Template } | null;

export function TemplatesPage() {
  const { t } = useTranslation();
  const templates = useQuery({ queryKey: templateKeys.all, queryFn: fetchTemplates });
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  let content = null;
  if (templates.error) {
    content = (
      <Alert color="red" role="alert">
        {t('common.loadingFailed')}
      </Alert>
    );
  } else if (!templates.data) {
    content = <DelayedLoader label={t('templates.loading')} />;
  } else if (templates.data.length === 0) {
    content = (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="xs">
          <IconTemplate size={36} stroke={1.4} color="var(--mantine-color-dimmed)" />
          <Text fw={600}>{t('templates.empty')}</Text>
          <Text c="dimmed" size="sm" ta="center" maw={440}>
            {t('templates.emptyHint')}
          </Text>
        </Stack>
      </Card>
    );
  } else {
    const sections = [
      { kind: 'project' as const, heading: t('templates.projects') },
      { kind: 'task' as const, heading: t('templates.tasks') },
    ];
    content = sections.map(({ kind, heading }) => {
      const ofKind = templates.data.filter((template) => template.kind === kind);
      if (ofKind.length === 0) return null;
      return (
        <Stack key={kind} gap="xs">
          <Title order={2} fz="lg">
            {heading}
          </Title>
          <Card withBorder padding={0} radius="md">
            <ul aria-label={heading} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {ofKind.map((template, i) => (
                <TemplateRow
                  key={template.id}
                  template={template}
                  first={i === 0}
                  onAction={(action) => setDialog({ kind: action, template })}
                />
              ))}
            </ul>
          </Card>
        </Stack>
      );
    });
  }

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('templates.title')}
      </Title>
      {content}
      {dialog?.kind === 'use' && <UseTemplateModal template={dialog.template} onClose={close} />}
      {dialog?.kind === 'rename' && <RenameModal template={dialog.template} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteModal template={dialog.template} onClose={close} />}
    </Stack>
  );
}

function TemplateRow({
  template,
  first,
  onAction,
}: {
  template: Template;
  first: boolean;
  onAction: (action: 'use' | 'rename' | 'delete') => void;
}) {
  const { t, i18n } = useTranslation();
  const KindIcon = template.kind === 'project' ? IconFolder : IconSquareCheck;
  const saved = relativeTime(new Date(template.created), new Date(), i18n.language);
  return (
    <li style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm" p="md">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <KindIcon
            size={20}
            stroke={1.6}
            color="var(--mantine-color-dimmed)"
            style={{ flexShrink: 0 }}
            aria-hidden
          />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {template.title}
            </Text>
            <Text size="sm" c="dimmed">
              {template.kind === 'project' && (
                <>{t('templates.taskCount', { count: template.taskCount })} · </>
              )}
              {t('templates.saved', { when: saved })}
            </Text>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button
            variant="light"
            size="compact-md"
            leftSection={<IconCopyPlus size={16} />}
            onClick={() => onAction('use')}
            aria-label={t('templates.useNamed', { title: template.title })}
          >
            {t('templates.use')}
          </Button>
          <Menu position="bottom-end" width={200} shadow="md" withinPortal>
            <DotsMenuTarget label={t('templates.menu', { title: template.title })} size="md" />
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => onAction('rename')}>
                {t('templates.rename')}
              </Menu.Item>
              <Menu.Item c="red" leftSection={<IconTrash size={16} />} onClick={() => onAction('delete')}>
                {t('templates.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </li>
  );
}

function RenameModal({ template, onClose }: { template: Template; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const rename = useMutation({
    mutationFn: (title: string) => renameTemplate(template.id, title),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: templateKeys.all });
      showSuccess(t, t('templates.renamed'));
      onClose();
    },
    onError: (error) => showError(t, error),
  });
  return (
    <Modal opened onClose={onClose} centered title={t('templates.renameTitle')}>
      <TemplateNameForm
        initial={template.title}
        submitLabel={t('common.save')}
        loading={rename.isPending}
        onSubmit={(title) => rename.mutate(title)}
        onCancel={onClose}
      />
    </Modal>
  );
}

function DeleteModal({ template, onClose }: { template: Template; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteTemplate(template.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: templateKeys.all });
      showSuccess(t, t('templates.deleted'));
      onClose();
    },
    onError: (error) => showError(t, error),
  });
  return (
    <ConfirmModal
      opened
      title={t('templates.deleteTitle')}
      message={t('templates.deleteConfirm', { title: template.title })}
      confirmLabel={t('templates.delete')}
      loading={remove.isPending}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    />
  );
}
