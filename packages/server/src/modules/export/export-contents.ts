/**
 * What a user's data export holds, read a page at a time so that a large account never sits in
 * memory at once: the account and its settings, every project the user can see with its views,
 * buckets, custom fields and tasks (labels, assignees, comments, relations, reminders,
 * attachments, reactions, custom field values, in the API's own shapes), the user's labels, saved filters and teams, and the attachment files.
 */
import type { Kysely } from 'kysely';
import type { Database, TaskCommentRow, UserRow } from '../../db/schema.js';
import type { FileStore } from '../attachments/files/store.js';
import { CustomFieldsRepo } from '../custom-fields/repo.js';
import { serializeField } from '../custom-fields/serialize.js';
import { FavoritesRepo } from '../favorites/repo.js';
import { serializeSavedFilter } from '../filters/serialize.js';
import { serializeLabel } from '../labels/serialize.js';
import { serializeProject } from '../projects/serialize.js';
import type { RightsService } from '../rights/service.js';
import type { TaskDetails } from '../tasks/details.js';
import type { TeamsRepo } from '../teams/repo.js';
import { serializeTeam } from '../teams/serialize.js';
import { userWithSettings } from '../users/serialize.js';
import { serializeBucket, serializeView } from '../views/serialize.js';
import { ExportContentsRepo } from './export-contents-repo.js';

/** Tasks read and serialised per query. */
const TASK_PAGE = 200;

export interface ExportSources {
  db: Kysely<Database>;
  rights: RightsService;
  taskDetails: TaskDetails;
  teams: TeamsRepo;
  files: FileStore;
  comments: { serialize(rows: readonly TaskCommentRow[]): Promise<unknown[]> };
}

/** An attachment's bytes and the name they get in the zip. */
export interface ExportedFile {
  fileId: number;
  path: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Keeps a file name to the characters every unzip tool takes. */
const safeName = (name: string) => name.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'file';

export class ExportContents {
  private readonly people = new Map<number, UserRow | undefined>();
  private readonly repo: ExportContentsRepo;

  constructor(
    private readonly sources: ExportSources,
    private readonly user: UserRow,
  ) {
    this.repo = new ExportContentsRepo(sources.db);
  }

  /** The account with its settings; the password hash is never part of it. */
  account(): string {
    return json(userWithSettings(this.user));
  }

  /** `projects.json`, a JSON array written one project (and one page of its tasks) at a time. */
  async *projects(files: ExportedFile[]): AsyncGenerator<string> {
    const projects = await this.repo.projects(this.sources.rights.visibleProjectIds(this.user.id));
    const favorites = await new FavoritesRepo(this.sources.db).favoriteIds(
      this.user.id,
      'project',
      projects.map((p) => p.id),
    );
    yield '[';
    for (const [index, project] of projects.entries()) {
      const views = await this.repo.views(project.id);
      const buckets = await this.repo.buckets(views.map((v) => v.id));
      await this.loadPeople([project.owner_id, ...buckets.map((b) => b.created_by_id)]);
      const serialized = {
        ...serializeProject(project, {
          owner: this.people.get(project.owner_id),
          views: views.map(serializeView),
          isFavorite: favorites.has(project.id),
          maxRight: null,
        }),
        buckets: buckets.map((b) => serializeBucket(b, this.people.get(b.created_by_id))),
        // The project's custom field definitions; each task carries its values (`custom_fields`).
        custom_fields: (await new CustomFieldsRepo(this.sources.db).ofProject(project.id)).map(
          serializeField,
        ),
      };
      // The project's JSON without its closing brace, then its tasks, then the brace.
      yield `${index === 0 ? '' : ','}\n${json(serialized).slice(0, -2)},\n  "tasks": [`;
      yield* this.tasksOf(project.id, files);
      yield ']\n}';
    }
    yield '\n]\n';
  }

  private async *tasksOf(projectId: number, files: ExportedFile[]): AsyncGenerator<string> {
    const { taskDetails } = this.sources;
    let after = 0;
    let first = true;
    for (;;) {
      const rows = await this.repo.tasksAfter(projectId, after, TASK_PAGE);
      if (rows.length === 0) return;
      after = rows[rows.length - 1].id;
      const tasks = await taskDetails.serialize(this.user.id, rows, {
        expand: new Set(['reactions', 'buckets']),
      });
      const comments = await this.commentsOf(rows.map((r) => r.id));
      const activity = await this.activityOf(rows.map((r) => r.id));
      for (const task of tasks) {
        const record = task as unknown as Record<string, unknown>;
        record.comments = comments.get(task.id) ?? [];
        record.activity = activity.get(task.id) ?? [];
        for (const attachment of (record.attachments ?? []) as {
          file?: { id: number; name: string };
        }[]) {
          if (attachment.file) {
            files.push({
              fileId: attachment.file.id,
              path: `files/${attachment.file.id}/${safeName(attachment.file.name)}`,
            });
          }
        }
        yield `${first ? '' : ','}\n${json(record)}`;
        first = false;
      }
    }
  }

  /** Every comment of these tasks, oldest first (the API's expand stops at 50 per task). */
  private async commentsOf(taskIds: number[]): Promise<Map<number, unknown[]>> {
    const rows = await this.repo.comments(taskIds);
    const serialized = await this.sources.comments.serialize(rows);
    const byTask = new Map<number, unknown[]>();
    rows.forEach((row, i) => {
      const list = byTask.get(row.task_id) ?? [];
      list.push(serialized[i]);
      byTask.set(row.task_id, list);
    });
    return byTask;
  }

  /** Every change recorded on these tasks, oldest first: who (user id), field, before and after. */
  private async activityOf(taskIds: number[]): Promise<Map<number, unknown[]>> {
    const byTask = new Map<number, unknown[]>();
    for (const row of await this.repo.activity(taskIds)) {
      const list = byTask.get(row.task_id) ?? [];
      list.push({
        actor_id: row.actor_id,
        field: row.field,
        before: row.before_value === null ? null : JSON.parse(row.before_value),
        after: row.after_value === null ? null : JSON.parse(row.after_value),
        created: row.created,
      });
      byTask.set(row.task_id, list);
    }
    return byTask;
  }

  async labels(): Promise<string> {
    const rows = await this.repo.labelsCreatedBy(this.user.id);
    return json(rows.map((row) => serializeLabel(row, this.user)));
  }

  async savedFilters(): Promise<string> {
    const rows = await this.repo.savedFiltersOf(this.user.id);
    return json(rows.map((row) => serializeSavedFilter(row, this.user)));
  }

  /** The user's templates, each with what it holds as saved (modules/templates/template-body.ts). */
  async templates(): Promise<string> {
    const rows = await this.repo.templatesOf(this.user.id);
    return json(
      rows.map(({ owner_id: _owner, body, ...template }) => ({
        ...template,
        content: JSON.parse(body) as unknown,
      })),
    );
  }

  async teams(): Promise<string> {
    const rows = await this.repo.teamsOf(this.user.id);
    const members = await this.sources.teams.members(rows.map((r) => r.id));
    await this.loadPeople(rows.map((r) => r.created_by_id));
    return json(
      rows.map((team) =>
        serializeTeam(
          team,
          this.people.get(team.created_by_id),
          members.filter((m) => m.membership.team_id === team.id),
        ),
      ),
    );
  }

  private async loadPeople(ids: number[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.people.has(id));
    if (missing.length === 0) return;
    const rows = await this.repo.users(missing);
    for (const id of missing)
      this.people.set(
        id,
        rows.find((r) => r.id === id),
      );
  }
}
