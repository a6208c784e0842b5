/**
 * Picks a parent project: non-archived projects the user may write to, shown with their path;
 * a project's own subtree is left out (it cannot be its own ancestor). With `required`, it picks
 * the project something goes into (no "top level"), under the caller's label and placeholder.
 */
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../api/projects';
import { SearchSelect } from '../../../ui/search-select';
import { canEditProject, projectAncestors } from '../project-tree';

function subtreeIds(projects: readonly Project[], rootId: number): Set<number> {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of projects) {
      if (!ids.has(p.id) && ids.has(p.parentProjectId)) {
        ids.add(p.id);
        grew = true;
      }
    }
  }
  return ids;
}

export function ParentProjectSelect({
  projects,
  value,
  onChange,
  excludeId,
  required = false,
  label,
  placeholder,
}: {
  projects: readonly Project[];
  value: number;
  onChange: (id: number) => void;
  excludeId?: number;
  required?: boolean;
  label?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const excluded = excludeId ? subtreeIds(projects, excludeId) : new Set<number>();
  const options = projects
    .filter((p) => p.id > 0 && !p.isArchived && canEditProject(p) && !excluded.has(p.id))
    .map((p) => ({
      value: String(p.id),
      label: [...projectAncestors(projects, p).map((a) => a.title), p.title].join(' › '),
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <SearchSelect
      label={label ?? t('projects.form.parent')}
      placeholder={placeholder ?? t('projects.form.noParent')}
      data={options}
      value={value > 0 ? String(value) : null}
      onChange={(next) => onChange(next ? Number(next) : 0)}
      clearable={!required}
      required={required}
      nothingFoundMessage={t('projects.form.noParentFound')}
    />
  );
}
