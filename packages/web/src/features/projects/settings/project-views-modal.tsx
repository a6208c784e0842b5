/**
 * Managing a project's views (project.settings.views, admins): list, create, edit title, kind and
 * filter, delete. View titles are required ("Please provide a title."). The view's filter is
 * written in the filter editor of every task list (label and project titles shown, ids stored).
 */
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../api/projects';
import { queryKeys } from '../../../api/query-keys';
import {
  createView,
  deleteView,
  type ProjectView,
  updateView,
  type ViewInput,
  type ViewKind,
} from '../../../api/views';
import { errorText } from '../../../i18n/error-text';
import { FormActions } from '../../../ui/form-actions';
import { showError, showSuccess } from '../../../ui/notices';
import { filterErrorPart, filterErrorText, isFilterError } from '../../filters/filter-error';
import { FilterHelpHint } from '../../filters/filter-help-hint';
import { FilterHelpModal } from '../../filters/filter-help-modal';
import { FilterInput } from '../../filters/filter-input';
import { useFilterConversion } from '../../filters/filter-lookups';
import { sortedViews } from '../project-view-preference';
import { BucketConfigurationInput, type BucketDraft, type BucketMode } from './bucket-configuration-input';
import { ProjectRouteModal } from './project-route-modal';

const KINDS: ViewKind[] = ['list', 'gantt', 'table', 'kanban', 'calendar'];

interface Draft {
  title: string;
  viewKind: ViewKind;
  /** The filter as stored: ids and snake_case fields. */
  filter: string;
  includeNulls: boolean;
  /** Kanban only: buckets moved by hand, or one per filter (filters stored as ids). */
  bucketMode: BucketMode;
  buckets: BucketDraft[];
}

/**
 * What a new view starts with (spec 2 §3 "Project view"): open tasks first, newest first among
 * them, undated tasks included. A kanban view starts without the filter: its done bucket would
 * otherwise never show a card.
 */
const NEW_VIEW_FILTER = {
  s: '',
  sortBy: ['done', 'id'],
  orderBy: ['asc', 'desc'],
  filter: 'done = false',
  filterIncludeNulls: true,
};

function draftOf(view?: ProjectView): Draft {
  if (!view) {
    return {
      title: '',
      viewKind: 'list',
      filter: NEW_VIEW_FILTER.filter,
      includeNulls: NEW_VIEW_FILTER.filterIncludeNulls,
      bucketMode: 'manual',
      buckets: [],
    };
  }
  return {
    title: view.title,
    viewKind: view.viewKind,
    filter: view.filter?.filter ?? '',
    includeNulls: view.filter?.filterIncludeNulls ?? false,
    bucketMode: view.bucketConfigurationMode === 'filter' ? 'filter' : 'manual',
    buckets: (view.bucketConfiguration ?? []).map((b) => ({
      title: b.title,
      filter: b.filter?.filter ?? '',
    })),
  };
}

function inputOf(draft: Draft, view?: ProjectView): ViewInput {
  const base = view ? (view.filter ?? { ...NEW_VIEW_FILTER, sortBy: null, orderBy: null }) : NEW_VIEW_FILTER;
  return {
    title: draft.title.trim(),
    viewKind: draft.viewKind,
    filter: { ...base, filter: draft.filter, filterIncludeNulls: draft.includeNulls },
    position: view?.position ?? 0,
    bucketConfigurationMode:
      draft.viewKind === 'kanban' ? draft.bucketMode : (view?.bucketConfigurationMode ?? ''),
    bucketConfiguration:
      draft.viewKind === 'kanban' && draft.bucketMode === 'filter'
        ? draft.buckets.map((b) => ({ title: b.title.trim(), filter: { filter: b.filter } }))
        : null,
    defaultBucketId: view?.defaultBucketId ?? 0,
    doneBucketId: view?.doneBucketId ?? 0,
  };
}

function ViewForm({
  initial,
  submitLabel,
  pending,
  error,
  allowProject,
  newView = false,
  onSubmit,
  onCancel,
}: {
  initial: Draft;
  /** The create form: its default filter follows the kind until the user edits it. */
  newView?: boolean;
  submitLabel: string;
  pending: boolean;
  /** The last save's error: a filter error shows under the filter. */
  error: unknown;
  /** `project` is a filter field of saved filters' views only. */
  allowProject: boolean;
  onSubmit: (draft: Draft) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const conversion = useFilterConversion();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(initial);
  // The editor shows titles; until it is edited the stored filter (ids) is saved unchanged.
  const [filterText, setFilterText] = useState<string | null>(null);
  // The bucket filters as the editor shows them; until one is edited the stored ones are saved.
  const [bucketRows, setBucketRows] = useState<BucketDraft[] | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const titleError = touched && !draft.title.trim() ? t('projects.views.titleRequired') : null;
  const anyFilterError = isFilterError(error) ? filterErrorText(errorText(error, t)) : null;
  const byBuckets = draft.viewKind === 'kanban' && draft.bucketMode === 'filter';
  const shownBuckets =
    bucketRows ?? draft.buckets.map((b) => ({ title: b.title, filter: conversion.toEditor(b.filter) }));
  // The server checks the view's filter first: an error names a bucket filter only when the
  // view's own filter does not hold the offending part.
  const errorPart = filterErrorPart(error);
  const inBuckets =
    byBuckets &&
    anyFilterError !== null &&
    !(errorPart !== null && (filterText ?? conversion.toEditor(draft.filter)).includes(errorPart)) &&
    shownBuckets.length > 0;
  const filterError = inBuckets ? null : anyFilterError;
  const bucketsValid = !byBuckets || (shownBuckets.length > 0 && shownBuckets.every((b) => b.title.trim()));
  return (
    <form
      ref={form}
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setTouched(true);
        setSubmitted(true);
        const toApi = conversion.toApi;
        const filter = filterText === null ? draft.filter : await toApi(filterText.trim());
        const buckets =
          bucketRows === null
            ? draft.buckets
            : await Promise.all(
                bucketRows.map(async (b) => ({ title: b.title, filter: await toApi(b.filter.trim()) })),
              );
        if (draft.title.trim() && bucketsValid) onSubmit({ ...draft, filter, buckets });
      }}
    >
      <Stack gap="xs">
        <Group grow align="flex-start">
          <TextInput
            label={t('projects.views.viewTitle')}
            value={draft.title}
            onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })}
            onBlur={() => setTouched(true)}
            error={titleError}
            required
          />
          <Select
            label={t('projects.views.kind')}
            data={KINDS.map((kind) => ({ value: kind, label: t(`projects.views.kinds.${kind}`) }))}
            value={draft.viewKind}
            onChange={(kind) => {
              if (!kind) return;
              // The new-view default filter hides done cards; a new board starts without it.
              const untouched = newView && filterText === null;
              const filter = untouched ? (kind === 'kanban' ? '' : NEW_VIEW_FILTER.filter) : draft.filter;
              setDraft({ ...draft, viewKind: kind as ViewKind, filter });
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        <FilterInput
          label={t('projects.views.filter')}
          description={
            <FilterHelpHint hint={t('projects.views.filterHint')} onOpenHelp={() => setHelpOpen(true)} />
          }
          placeholder="done = false"
          value={filterText ?? conversion.toEditor(draft.filter)}
          onChange={setFilterText}
          onSubmit={() => form.current?.requestSubmit()}
          allowProject={allowProject}
          error={filterError}
          errorPart={inBuckets ? null : errorPart}
        />
        <Checkbox
          label={t('projects.views.includeNulls')}
          checked={draft.includeNulls}
          onChange={(event) => setDraft({ ...draft, includeNulls: event.currentTarget.checked })}
        />
        {draft.viewKind === 'kanban' && (
          <BucketConfigurationInput
            mode={draft.bucketMode}
            buckets={shownBuckets}
            onModeChange={(bucketMode) => setDraft({ ...draft, bucketMode })}
            onBucketsChange={setBucketRows}
            allowProject={allowProject}
            showErrors={submitted}
            filterError={inBuckets ? anyFilterError : null}
            filterErrorPart={inBuckets ? errorPart : null}
          />
        )}
        <FormActions
          compact
          cancelLabel={t('common.cancel')}
          submitLabel={submitLabel}
          loading={pending}
          onCancel={onCancel}
        />
      </Stack>
      <FilterHelpModal opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </form>
  );
}

/** A view's stored filter, with label and project titles in place of their ids. */
function StoredFilter({ filter }: { filter: string }) {
  const conversion = useFilterConversion();
  return (
    <Text size="xs" c="dimmed" ff="monospace" truncate>
      {conversion.toEditor(filter)}
    </Text>
  );
}

function ViewsManager({ project }: { project: Project }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const [formKey, setFormKey] = useState(0);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.projects, exact: true }),
      client.invalidateQueries({ queryKey: queryKeys.project(project.id), exact: true }),
    ]);
  const create = useMutation({
    mutationFn: (draft: Draft) => createView(project.id, inputOf(draft)),
    onSuccess: async () => {
      await refresh();
      setFormKey((key) => key + 1);
      showSuccess(t, t('projects.views.created'));
    },
    // A filter error shows under the filter.
    onError: (error) => {
      if (!isFilterError(error)) showError(t, error);
    },
  });
  const update = useMutation({
    mutationFn: ({ view, draft }: { view: ProjectView; draft: Draft }) =>
      updateView(project.id, view.id, inputOf(draft, view)),
    onSuccess: async (_saved, { view }) => {
      // The view's tasks go through its filter on the server: they are read again.
      await Promise.all([
        refresh(),
        client.invalidateQueries({ queryKey: queryKeys.viewTasks(project.id, view.id) }),
      ]);
      setEditing(null);
      showSuccess(t, t('projects.views.saved'));
    },
    onError: (error) => {
      if (!isFilterError(error)) showError(t, error);
    },
  });
  const remove = useMutation({
    mutationFn: (view: ProjectView) => deleteView(project.id, view.id),
    onSuccess: async () => {
      await refresh();
      setConfirmDelete(null);
      showSuccess(t, t('projects.views.deleted'));
    },
    onError: (error) => showError(t, error),
  });
  const views = sortedViews(project.views);
  const allowProject = project.id < -1;

  return (
    <Stack>
      <Stack
        gap={0}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('projects.views.list')}
      >
        {views.map((view) => (
          <li
            key={view.id}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)', padding: '8px 0' }}
          >
            {editing === view.id ? (
              <ViewForm
                initial={draftOf(view)}
                submitLabel={t('common.save')}
                pending={update.isPending}
                error={update.error}
                allowProject={allowProject}
                onSubmit={(draft) => update.mutate({ view, draft })}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={500}>{view.title}</Text>
                    <Badge variant="light" size="sm">
                      {t(`projects.views.kinds.${view.viewKind}`)}
                    </Badge>
                  </Group>
                  {view.filter?.filter && <StoredFilter filter={view.filter.filter} />}
                </Stack>
                {confirmDelete === view.id ? (
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => setConfirmDelete(null)}>
                      {t('common.cancel')}
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      loading={remove.isPending}
                      onClick={() => remove.mutate(view)}
                    >
                      {t('projects.views.confirmDelete')}
                    </Button>
                  </Group>
                ) : (
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('projects.views.edit')}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('projects.views.editNamed', { title: view.title })}
                        onClick={() => {
                          update.reset();
                          setEditing(view.id);
                        }}
                      >
                        <IconEdit size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('projects.views.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('projects.views.deleteNamed', { title: view.title })}
                        onClick={() => setConfirmDelete(view.id)}
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
      <Text fw={600} size="sm">
        {t('projects.views.create')}
      </Text>
      <ViewForm
        key={formKey}
        initial={draftOf()}
        newView
        submitLabel={t('projects.views.createSubmit')}
        pending={create.isPending}
        error={create.error}
        allowProject={allowProject}
        onSubmit={(draft) => create.mutate(draft)}
      />
    </Stack>
  );
}

export function ProjectViewsModal() {
  const { t } = useTranslation();
  return (
    <ProjectRouteModal title={(project) => t('projects.views.title', { title: project.title })} size="lg">
      {(project) => <ViewsManager project={project} />}
    </ProjectRouteModal>
  );
}
