/**
 * A project's tasks as a file to download: iCalendar (every task a VTODO, subtasks linked by
 * RELATED-TO) or CSV (the generic CSV import's columns). Anyone who may read the project may
 * export it, link shares included (the rights resolver confines them to their project). The file
 * is made a page of tasks at a time while it is sent, so a large project is never held whole.
 */
import { Right } from '@ordo/core';
import { fail } from '../../http/api-error.js';
import { htmlToText } from '../caldav/description-text.js';
import { taskToICalendar, type VtodoTask } from '../caldav/vtodo-output.js';
import type { ProjectsService } from '../projects/service.js';
import type { TaskDetails } from '../tasks/details.js';
import type { SerializedTask } from '../tasks/serialize.js';
import { type CsvCustomColumn, csvHeaderLine, csvTaskLine } from './csv-file.js';
import { ICS_TAIL, icsComponents, icsHead } from './ics-file.js';
import type { ProjectExportRepo } from './repo.js';

export const EXPORT_FORMATS = ['ics', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const PAGE = 500;
/** Characters some file system or shell does not take in a name. */
const UNSAFE = '/\\:*?"<>|';

export interface ProjectFile {
  fileName: string;
  contentType: string;
  chunks: AsyncIterable<string>;
}

/** A file name any system takes: the project's title without path or control characters. */
export function exportFileName(title: string, projectId: number, format: ExportFormat): string {
  const base = [...title.normalize('NFC')]
    .map((ch) => ((ch.codePointAt(0) ?? 0) < 32 || ch === '\u007f' || UNSAFE.includes(ch) ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim();
  return `${base || `project-${projectId}`}.${format}`;
}

export class ProjectExportService {
  constructor(
    private readonly repo: ProjectExportRepo,
    private readonly projects: ProjectsService,
    private readonly details: TaskDetails,
    /** The project's custom fields, a CSV column each. */
    private readonly fieldsOf: (projectId: number) => Promise<CsvCustomColumn[]> = async () => [],
  ) {}

  async open(userId: number, projectId: number, format: ExportFormat): Promise<ProjectFile> {
    if (!Number.isSafeInteger(projectId) || projectId <= 0) throw fail('projectDoesNotExist');
    const { project, right } = await this.projects.read(userId, projectId);
    if (right < Right.read) throw fail('forbiddenRead');
    const fileName = exportFileName(project.title, projectId, format);
    if (format === 'ics') {
      return {
        fileName,
        contentType: 'text/calendar; charset=utf-8',
        chunks: this.ics(userId, projectId, project.title),
      };
    }
    return { fileName, contentType: 'text/csv; charset=utf-8', chunks: this.csv(userId, projectId) };
  }

  /** The project's tasks, serialized as the API shows them, a page at a time. */
  private async *pages(
    userId: number,
    projectId: number,
  ): AsyncGenerator<{ rows: { id: number; uid: string }[]; tasks: SerializedTask[] }> {
    let after = 0;
    for (;;) {
      const rows = await this.repo.tasksAfter(projectId, after, PAGE);
      if (rows.length === 0) return;
      after = rows[rows.length - 1]?.id ?? after;
      yield { rows, tasks: await this.details.serialize(userId, rows) };
      if (rows.length < PAGE) return;
    }
  }

  private async *ics(userId: number, projectId: number, title: string): AsyncGenerator<string> {
    yield icsHead(title);
    const zones = new Set<string>();
    for await (const { rows, tasks } of this.pages(userId, projectId)) {
      const related = (task: SerializedTask, kind: string) =>
        ((task.related_tasks[kind] ?? []) as { id: number }[]).map((t) => t.id);
      const uids = await this.repo.uidsOf([
        ...new Set(tasks.flatMap((task) => [...related(task, 'parenttask'), ...related(task, 'subtask')])),
      ]);
      const uidsOf = (task: SerializedTask, kind: string) =>
        related(task, kind).flatMap((id) => uids.get(id) ?? []);
      let text = '';
      tasks.forEach((task, i) => {
        const vtodo: VtodoTask = {
          ...task,
          uid: rows[i]?.uid ?? '',
          labels: task.labels as VtodoTask['labels'],
          reminders: task.reminders as VtodoTask['reminders'],
          parents: uidsOf(task, 'parenttask'),
          children: uidsOf(task, 'subtask'),
        };
        text += icsComponents(taskToICalendar(vtodo), zones);
      });
      yield text;
    }
    yield ICS_TAIL;
  }

  private async *csv(userId: number, projectId: number): AsyncGenerator<string> {
    const custom = await this.fieldsOf(projectId);
    yield csvHeaderLine(custom);
    const viewId = await this.repo.kanbanViewId(projectId);
    for await (const { rows, tasks } of this.pages(userId, projectId)) {
      const buckets = viewId
        ? await this.repo.bucketTitles(
            viewId,
            rows.map((r) => r.id),
          )
        : new Map<number, string>();
      yield tasks
        .map((task, i) =>
          csvTaskLine(task, htmlToText(task.description), buckets.get(rows[i]?.id ?? 0) ?? '', custom),
        )
        .join('');
    }
  }
}
