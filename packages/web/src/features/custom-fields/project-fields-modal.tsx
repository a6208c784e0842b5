/**
 * A project's custom fields (project.settings.fields): the list in its order, adding a field
 * (title, kind, choices), renaming one, editing its choices, showing it on list rows and kanban
 * cards, moving it up or down and deleting it (its values go with it). Defining needs the right
 * to edit the project; others see the list only.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Group,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEdit, IconForms, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOM_FIELD_KINDS,
  type CustomField,
  type CustomFieldKind,
  createCustomField,
  customFieldKeys,
  deleteCustomField,
  updateCustomField,
} from '../../api/custom-fields';
import type { Project } from '../../api/projects';
import { queryKeys } from '../../api/query-keys';
import { errorText } from '../../i18n/error-text';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DelayedLoader } from '../../ui/delayed-loader';
import { FormActions } from '../../ui/form-actions';
import { showError, showSuccess } from '../../ui/notices';
import { useLinkShareSession } from '../link-share/link-share-session';
import { canEditProject } from '../projects/project-tree';
import { ProjectRouteModal } from '../projects/settings/project-route-modal';
import { kindIcons } from './field-kinds';
import { hasOptions, movedPosition, optionsProblem } from './field-values';
import { ShowOnCardsSwitch } from './show-on-cards-switch';
import { useCustomFields } from './use-custom-fields';

interface Draft {
  title: string;
  kind: CustomFieldKind;
  options: string[];
}

function KindIcon({ kind, size = 16 }: { kind: CustomFieldKind; size?: number }) {
  const Icon = kindIcons[kind];
  return <Icon size={size} aria-hidden="true" />;
}

function FieldForm({
  initial,
  editing = false,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initial: Draft;
  /** An existing field: its kind cannot change. */
  editing?: boolean;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (draft: Draft) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  // Editing starts in the title, where the Edit button's user wants to type.
  useEffect(() => {
    if (editing) titleInput.current?.focus();
  }, [editing]);
  const withOptions = hasOptions(draft.kind);
  const titleError = submitted && !draft.title.trim() ? t('customFields.titleRequired') : null;
  const problem = withOptions ? optionsProblem(draft.options) : null;
  const optionsError = submitted && problem ? t(`customFields.optionsProblem.${problem}`) : null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (!draft.title.trim() || problem) return;
        onSubmit({
          title: draft.title.trim(),
          kind: draft.kind,
          options: withOptions ? draft.options.map((o) => o.trim()) : [],
        });
      }}
    >
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: editing ? 1 : 2 }} spacing="sm">
          <TextInput
            label={t('customFields.fieldTitle')}
            placeholder={t('customFields.titlePlaceholder')}
            value={draft.title}
            onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })}
            error={titleError}
            maxLength={250}
            required
            ref={titleInput}
          />
          {!editing && (
            <Select
              label={t('customFields.kind')}
              data={CUSTOM_FIELD_KINDS.map((kind) => ({
                value: kind,
                label: t(`customFields.kinds.${kind}`),
              }))}
              value={draft.kind}
              onChange={(kind) => kind && setDraft({ ...draft, kind: kind as CustomFieldKind })}
              leftSection={<KindIcon kind={draft.kind} />}
              renderOption={({ option }) => (
                <Group gap="xs" wrap="nowrap">
                  <KindIcon kind={option.value as CustomFieldKind} />
                  {option.label}
                </Group>
              )}
              allowDeselect={false}
              maxDropdownHeight={320}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </SimpleGrid>
        {withOptions && (
          <TagsInput
            label={t('customFields.options')}
            description={t('customFields.optionsHint')}
            value={draft.options}
            onChange={(options) => setDraft({ ...draft, options })}
            error={optionsError}
            maxTags={100}
            splitChars={[',']}
            acceptValueOnBlur
            clearable
          />
        )}
        {error ? (
          <Alert color="red" role="alert" p="xs">
            {errorText(error, t)}
          </Alert>
        ) : null}
        <FormActions
          compact
          cancelLabel={t('common.cancel')}
          submitLabel={submitLabel}
          loading={pending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

function EmptyFields() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" py="md" ta="center">
      <ThemeIcon variant="light" size={44} radius="xl" aria-hidden="true">
        <IconForms size={24} />
      </ThemeIcon>
      <Title order={3} size="h5">
        {t('customFields.emptyTitle')}
      </Title>
      <Text size="sm" c="dimmed" maw={460}>
        {t('customFields.emptyText')}
      </Text>
    </Stack>
  );
}

function FieldSummary({
  field,
  projectId,
  canEdit,
}: {
  field: CustomField;
  projectId: number;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <ThemeIcon variant="light" color="gray" size="md" aria-hidden="true">
        <KindIcon kind={field.kind} />
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {field.title}
          </Text>
          <Badge variant="light" size="sm" color="gray">
            {t(`customFields.kinds.${field.kind}`)}
          </Badge>
        </Group>
        {field.options.length > 0 && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {field.options.join(' · ')}
          </Text>
        )}
        <ShowOnCardsSwitch projectId={projectId} field={field} canEdit={canEdit} />
      </Stack>
    </Group>
  );
}

function FieldsManager({ project }: { project: Project }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const linkShare = useLinkShareSession();
  const canEdit = canEditProject(project) && !linkShare;
  const fields = useCustomFields(project.id);
  const key = customFieldKeys.ofProject(project.id);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const [formKey, setFormKey] = useState(0);
  // Tasks carry the values: a deleted field or removed choice changes them.
  const refresh = (withTasks: boolean) =>
    Promise.all([
      client.invalidateQueries({ queryKey: key }),
      withTasks ? client.invalidateQueries({ queryKey: queryKeys.tasks }) : null,
    ]);

  const create = useMutation({
    mutationFn: (draft: Draft) => createCustomField(project.id, draft),
    onSuccess: async () => {
      await refresh(false);
      setFormKey((k) => k + 1);
      showSuccess(t, t('customFields.created'));
    },
  });
  const update = useMutation({
    mutationFn: ({ field, draft }: { field: CustomField; draft: Draft }) =>
      updateCustomField(project.id, field.id, {
        title: draft.title,
        ...(hasOptions(field.kind) ? { options: draft.options } : {}),
      }),
    onSuccess: async () => {
      await refresh(true);
      setEditing(null);
      showSuccess(t, t('customFields.saved'));
    },
  });
  const move = useMutation({
    mutationFn: ({ field, position }: { field: CustomField; position: number }) =>
      updateCustomField(project.id, field.id, { position }),
    onMutate: async ({ field, position }) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<CustomField[]>(key);
      client.setQueryData<CustomField[]>(key, (list) =>
        list
          ?.map((f) => (f.id === field.id ? { ...f, position } : f))
          .sort((a, b) => a.position - b.position || a.id - b.id),
      );
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      showError(t, error);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  const remove = useMutation({
    mutationFn: (field: CustomField) => deleteCustomField(project.id, field.id),
    onSuccess: async () => {
      await refresh(true);
      setDeleting(null);
      showSuccess(t, t('customFields.deleted'));
    },
    onError: (error) => showError(t, error),
  });

  if (fields.isPending) return <DelayedLoader label={t('customFields.loading')} minHeight={120} />;
  if (fields.isError) return <Alert color="red">{errorText(fields.error, t)}</Alert>;
  const list = fields.data;

  return (
    <Stack>
      {list.length === 0 ? (
        <EmptyFields />
      ) : (
        <Stack
          gap={0}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('customFields.menu')}
        >
          {list.map((field, index) => (
            <li
              key={field.id}
              data-field-id={field.id}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)', padding: '8px 0' }}
            >
              {editing === field.id ? (
                <FieldForm
                  initial={{ title: field.title, kind: field.kind, options: field.options }}
                  editing
                  submitLabel={t('common.save')}
                  pending={update.isPending}
                  error={update.error}
                  onSubmit={(draft) => update.mutate({ field, draft })}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <FieldSummary field={field} projectId={project.id} canEdit={canEdit} />
                  {canEdit && (
                    <Group gap={2} wrap="nowrap">
                      {(
                        [
                          [-1, IconArrowUp, 'moveUp'],
                          [1, IconArrowDown, 'moveDown'],
                        ] as const
                      ).map(([direction, Icon, label]) => {
                        const position = movedPosition(list, index, direction);
                        return (
                          <Tooltip key={label} label={t(`customFields.${label}`, { title: field.title })}>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={t(`customFields.${label}`, { title: field.title })}
                              disabled={position === null || move.isPending}
                              onClick={() => position !== null && move.mutate({ field, position })}
                            >
                              <Icon size={16} />
                            </ActionIcon>
                          </Tooltip>
                        );
                      })}
                      <Tooltip label={t('customFields.editNamed', { title: field.title })}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={t('customFields.editNamed', { title: field.title })}
                          onClick={() => {
                            update.reset();
                            setEditing(field.id);
                          }}
                        >
                          <IconEdit size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('customFields.deleteNamed', { title: field.title })}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('customFields.deleteNamed', { title: field.title })}
                          onClick={() => setDeleting(field)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Group>
              )}
            </li>
          ))}
        </Stack>
      )}
      {canEdit && (
        <>
          <Title order={3} size="h6">
            {t('customFields.add')}
          </Title>
          <FieldForm
            key={formKey}
            initial={{ title: '', kind: 'text', options: [] }}
            submitLabel={t('customFields.addSubmit')}
            pending={create.isPending}
            error={create.error}
            onSubmit={(draft) => create.mutate(draft)}
          />
        </>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('customFields.deleteAction')}
        message={t('customFields.deleteConfirm', { title: deleting?.title ?? '' })}
        confirmLabel={t('customFields.deleteAction')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Stack>
  );
}

export function ProjectFieldsModal() {
  const { t } = useTranslation();
  return (
    <ProjectRouteModal title={(project) => t('customFields.title', { title: project.title })} size="lg">
      {(project) => <FieldsManager project={project} />}
    </ProjectRouteModal>
  );
}
