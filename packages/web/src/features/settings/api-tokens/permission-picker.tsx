/**
 * The permissions of a new token as checkboxes, one group per block, with "all of this group" and
 * "everything" switches (reference §2.15: group → permission names from GET /routes).
 */
import { Checkbox, Code, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PermissionCatalogue, TokenPermissions } from '../../../api/api-tokens';
import { allSelected, permissionsOf, toggle, toggleAll, toggleGroup } from './permission-selection';
import { permissionLabel, readableName } from './token-labels';

export function PermissionPicker({
  catalogue,
  groups,
  value,
  onChange,
  error,
}: {
  catalogue: PermissionCatalogue;
  groups: string[];
  value: TokenPermissions;
  onChange: (next: TokenPermissions) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const everything = allSelected(value, catalogue, groups);
  const anything = Object.keys(value).length > 0;
  return (
    <Stack gap="xs" role="group" aria-labelledby="token-permissions-label">
      <Group justify="space-between" align="baseline">
        <Text size="sm" fw={500} id="token-permissions-label">
          {t('settings.apiTokens.permissions')}
        </Text>
        <Checkbox
          label={t('settings.apiTokens.selectAll')}
          checked={everything}
          indeterminate={anything && !everything}
          onChange={() => onChange(toggleAll(value, catalogue, groups))}
        />
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
        {groups.map((group) => {
          const names = permissionsOf(catalogue, group);
          const chosen = value[group] ?? [];
          const whole = names.every((p) => chosen.includes(p));
          return (
            <Paper key={group} withBorder radius="md" p="sm">
              <Stack gap={6}>
                <Checkbox
                  label={
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {readableName(group)}
                      </Text>
                      <Code fz={11}>{group}</Code>
                    </Group>
                  }
                  aria-label={t('settings.apiTokens.wholeGroup', { group: readableName(group) })}
                  checked={whole}
                  indeterminate={chosen.length > 0 && !whole}
                  onChange={() => onChange(toggleGroup(value, group, names))}
                />
                <Stack gap={4} pl={28}>
                  {names.map((permission) => {
                    const route = catalogue[group]?.[permission];
                    return (
                      <Checkbox
                        key={permission}
                        size="xs"
                        label={permissionLabel(t, permission)}
                        aria-label={`${readableName(group)}: ${permissionLabel(t, permission)}`}
                        title={route ? `${route.method} ${route.path}` : undefined}
                        checked={chosen.includes(permission)}
                        onChange={() => onChange(toggle(value, group, permission))}
                      />
                    );
                  })}
                </Stack>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
