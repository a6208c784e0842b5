/**
 * General settings (spec 1 §3 user settings and frontend settings). The API replaces all settings
 * at once, so the form sends back every field, including ones other pages own (default project,
 * overview filter, unknown frontend settings).
 */
import {
  Alert,
  Button,
  Card,
  Divider,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type ColorSchema,
  type DefaultView,
  FIELD_LIMITS,
  type QuickAddMagicMode,
  resolveLanguage,
  secondsToPeriod,
} from '@ordo/core';
import { IconMailOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarKeys } from '../../api/avatars';
import { queryKeys } from '../../api/query-keys';
import type { FrontendSettings, UserSettings } from '../../api/types';
import { fetchGeneralSettings, fetchTimezones, saveGeneralSettings } from '../../api/user';
import { useServerInfo } from '../../app/server-info';
import { languageChoices, offeredCodes } from '../../i18n/languages';
import { DelayedLoader } from '../../ui/delayed-loader';
import { showError, showSuccess } from '../../ui/notices';
import { SearchSelect } from '../../ui/search-select';
import { useSignedInUser } from '../auth/use-current-user';
import { projectTitle } from '../projects/project-title';
import { isSavedFilter } from '../projects/project-tree';
import { useProjects } from '../projects/use-projects';
import {
  DEFAULT_REMINDER_CHOICES,
  defaultReminderPeriods,
  storedDefaultReminders,
} from '../quick-add/default-reminders';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="md" mb="md">
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

export function GeneralSettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: queryKeys.generalSettings, queryFn: fetchGeneralSettings });
  if (settings.error) {
    return (
      <Text c="red" role="alert">
        {t('common.loadingFailed')}
      </Text>
    );
  }
  if (!settings.data) return <DelayedLoader label={t('ready.loading')} />;
  return <GeneralSettingsForm initial={settings.data} />;
}

function GeneralSettingsForm({ initial }: { initial: UserSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const info = useServerInfo();
  const user = useSignedInUser();
  const [form, setForm] = useState<UserSettings>(initial);
  const timezones = useQuery({ queryKey: queryKeys.timezones, queryFn: fetchTimezones, staleTime: Infinity });
  const projects = useProjects().data ?? [];
  const projectOptions = projects
    .filter((p) => p.id > 0 && (!p.isArchived || p.id === form.defaultProjectId))
    .map((p) => ({ value: String(p.id), label: projectTitle(p, t) }));
  const filterOptions = projects.filter(isSavedFilter).map((p) => ({ value: String(p.id), label: p.title }));
  useEffect(() => setForm(initial), [initial]);

  const set = <K extends keyof UserSettings>(key: K, value: UserSettings[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setFrontend = <K extends keyof FrontendSettings>(key: K, value: FrontendSettings[K]) =>
    setForm((f) => ({ ...f, frontendSettings: { ...f.frontendSettings, [key]: value } }));

  const save = useMutation({
    // Demo mode sends no language, so a shared demo account keeps its language.
    mutationFn: () =>
      saveGeneralSettings({ ...form, language: info?.demoModeEnabled ? null : form.language }),
    onSuccess: async () => {
      showSuccess(t, t('settings.general.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.generalSettings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser, exact: true }),
        // Initials avatars show the name; unchanged avatars revalidate to a 304.
        queryClient.invalidateQueries({ queryKey: avatarKeys.all }),
      ]);
    },
    onError: (error) => showError(t, error),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  const fs = form.frontendSettings;
  const timezoneOptions = timezones.data ?? (form.timezone ? [form.timezone] : []);

  return (
    <form onSubmit={submit}>
      <Stack gap="lg">
        <Section title={t('settings.general.profile')}>
          <TextInput
            label={t('settings.general.name')}
            // A directory or OpenID provider sets the name on each login; the server refuses others.
            description={
              user.isLocalUser ? t('settings.general.nameHint') : t('settings.general.nameManaged')
            }
            value={form.name}
            maxLength={FIELD_LIMITS.name}
            disabled={!user.isLocalUser}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <Select
            label={t('settings.general.language')}
            data={languageChoices}
            // A stored tag from elsewhere ('de', 'fr_CA') shows as the language it resolves to.
            value={form.language ? resolveLanguage(form.language, offeredCodes) : null}
            placeholder={t('settings.general.languageBrowser')}
            clearable
            onChange={(value) => set('language', value ?? '')}
            allowDeselect={false}
          />
          <SearchSelect
            label={t('settings.general.timezone')}
            data={timezoneOptions}
            value={form.timezone || null}
            placeholder={t('settings.general.timezonePlaceholder')}
            clearable
            nothingFoundMessage={t('settings.general.timezoneNone')}
            onChange={(value) => set('timezone', value ?? '')}
            limit={200}
          />
          <Select
            label={t('settings.general.weekStart')}
            data={[
              { value: '0', label: t('settings.general.sunday') },
              { value: '1', label: t('settings.general.monday') },
            ]}
            value={String(form.weekStart)}
            onChange={(value) => set('weekStart', Number(value ?? 0))}
            allowDeselect={false}
          />
        </Section>

        <Section title={t('settings.general.appearance')}>
          <Stack gap={6}>
            <Text size="sm" fw={500} id="color-scheme-label">
              {t('settings.general.colorScheme')}
            </Text>
            <SegmentedControl
              aria-labelledby="color-scheme-label"
              value={fs.colorSchema}
              onChange={(value) => setFrontend('colorSchema', value as ColorSchema)}
              data={[
                { value: 'auto', label: t('settings.general.colorAuto') },
                { value: 'light', label: t('settings.general.colorLight') },
                { value: 'dark', label: t('settings.general.colorDark') },
              ]}
            />
          </Stack>
          <Switch
            label={t('settings.general.allowIconChanges')}
            description={t('settings.general.allowIconChangesHint')}
            checked={fs.allowIconChanges}
            onChange={(e) => setFrontend('allowIconChanges', e.currentTarget.checked)}
          />
          <Switch
            label={t('settings.general.playSound')}
            checked={fs.playSoundWhenDone}
            onChange={(e) => setFrontend('playSoundWhenDone', e.currentTarget.checked)}
          />
        </Section>

        <Section title={t('settings.general.tasks')}>
          <SearchSelect
            label={t('settings.general.defaultProject')}
            description={t('settings.general.defaultProjectHint')}
            data={projectOptions}
            value={form.defaultProjectId ? String(form.defaultProjectId) : null}
            placeholder={t('settings.general.defaultProjectNone')}
            clearable
            onChange={(value) => set('defaultProjectId', value ? Number(value) : 0)}
          />
          <Select
            label={t('settings.general.overviewFilter')}
            description={t('settings.general.overviewFilterHint')}
            data={filterOptions}
            value={fs.filterIdUsedOnOverview ? String(fs.filterIdUsedOnOverview) : null}
            placeholder={t('settings.general.overviewFilterNone')}
            clearable
            onChange={(value) => setFrontend('filterIdUsedOnOverview', value ? Number(value) : null)}
          />
          <Select
            label={t('settings.general.quickAddMagic')}
            description={t('settings.general.quickAddMagicHint')}
            data={[
              { value: 'disabled', label: t('settings.general.quickAddDisabled') },
              { value: 'vikunja', label: t('settings.general.quickAddVikunja') },
              { value: 'todoist', label: t('settings.general.quickAddTodoist') },
            ]}
            value={fs.quickAddMagicMode}
            onChange={(value) => setFrontend('quickAddMagicMode', (value ?? 'vikunja') as QuickAddMagicMode)}
            allowDeselect={false}
          />
          <Select
            label={t('settings.general.defaultView')}
            data={(['first', 'list', 'gantt', 'table', 'kanban'] as const).map((view) => ({
              value: view,
              label: t(`settings.general.view.${view}`),
            }))}
            value={fs.defaultView}
            onChange={(value) => setFrontend('defaultView', (value ?? 'first') as DefaultView)}
            allowDeselect={false}
          />
          <MultiSelect
            label={t('settings.general.defaultReminders')}
            description={t('settings.general.defaultRemindersHint')}
            data={DEFAULT_REMINDER_CHOICES.map((period) => {
              const { amount, unit } = secondsToPeriod(Math.abs(period));
              return {
                value: String(period),
                label: t('tasks.reminders.relative.before', {
                  amount: t(`tasks.reminders.periods.${unit}`, { count: amount }),
                  date: t('tasks.reminders.relativeTo.due_date'),
                }),
              };
            })}
            value={defaultReminderPeriods(fs.defaultReminders).map(String)}
            onChange={(values) => setFrontend('defaultReminders', storedDefaultReminders(values.map(Number)))}
            clearable
          />
          <Select
            label={t('settings.general.minimumPriority')}
            description={t('settings.general.minimumPriorityHint')}
            data={[1, 2, 3, 4, 5].map((p) => ({
              value: String(p),
              label: t(`settings.general.priority.${p}`),
            }))}
            value={String(fs.minimumPriority)}
            onChange={(value) => setFrontend('minimumPriority', Number(value ?? 2))}
            allowDeselect={false}
          />
        </Section>

        {/* Reminder and overdue mails need a mail server: without one the settings are kept for when
            it has one, and a note says so. */}
        {info && (
          <Section title={t('settings.general.notifications')}>
            {!info.emailRemindersEnabled && (
              <Alert color="yellow" icon={<IconMailOff size={18} />} role="note">
                {t('settings.general.mailNotConfigured')}
              </Alert>
            )}
            <Switch
              label={t('settings.general.emailReminders')}
              checked={form.emailRemindersEnabled}
              onChange={(e) => set('emailRemindersEnabled', e.currentTarget.checked)}
            />
            <Switch
              label={t('settings.general.overdueReminders')}
              checked={form.overdueTasksRemindersEnabled}
              onChange={(e) => set('overdueTasksRemindersEnabled', e.currentTarget.checked)}
            />
            {form.overdueTasksRemindersEnabled && (
              <TextInput
                type="time"
                label={t('settings.general.overdueRemindersTime')}
                value={form.overdueTasksRemindersTime}
                onChange={(e) => set('overdueTasksRemindersTime', e.currentTarget.value)}
                maw={260}
                required
                withAsterisk={false}
              />
            )}
          </Section>
        )}

        <Section title={t('settings.general.privacy')}>
          <Switch
            label={t('settings.general.discoverableByName')}
            checked={form.discoverableByName}
            onChange={(e) => set('discoverableByName', e.currentTarget.checked)}
          />
          <Switch
            label={t('settings.general.discoverableByEmail')}
            checked={form.discoverableByEmail}
            onChange={(e) => set('discoverableByEmail', e.currentTarget.checked)}
          />
        </Section>

        <Divider />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
