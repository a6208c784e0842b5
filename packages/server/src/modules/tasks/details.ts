/**
 * Fills the parts of a page of tasks that live in other tables. Each loader runs one query for
 * the whole page, never one per task. Later sub-resources (assignees, reminders, attachments,
 * relations, reactions, comments) register their own loader here.
 */
import type { Kysely } from 'kysely';
import type { ReadTogether } from '../../db/read-batch.js';
import { type ReusedQuery, reusedQuery } from '../../db/reused-query.js';
import type { Database, TaskRow, UserRow } from '../../db/schema.js';
import type { FavoritesRepo } from '../favorites/repo.js';
import type { LabelsRepo } from '../labels/repo.js';
import { serializeLabel } from '../labels/serialize.js';
import { linkShareDisplayName } from '../sharing/serialize.js';
import { publicUser } from '../users/serialize.js';
import { serializeBucket } from '../views/serialize.js';
import { baseTask, type SerializedTask, type ViewPlacement } from './serialize.js';

export interface TaskPage {
  userId: number;
  rows: TaskRow[];
  /** Serialised tasks by id; loaders fill their fields in place. */
  out: Map<number, SerializedTask>;
  expand: ReadonlySet<string>;
}

export interface TaskDetailLoader {
  fill(page: TaskPage): Promise<void>;
}

export class TaskDetails {
  private readonly loaders: TaskDetailLoader[] = [];
  private readonly identifiersOf;
  private readonly usersById: ReusedQuery<[readonly number[]], UserRow>;

  constructor(
    private readonly db: Kysely<Database>,
    labels: LabelsRepo,
    favorites: FavoritesRepo,
    private readonly readTogether: ReadTogether,
  ) {
    this.identifiersOf = reusedQuery(db, (projectIds: readonly number[]) =>
      db.selectFrom('projects').select(['id', 'identifier']).where('id', 'in', projectIds),
    );
    this.usersById = reusedQuery(db, (ids: readonly number[]) =>
      db.selectFrom('users').selectAll().where('id', 'in', ids),
    );
    this.loaders.push(
      { fill: (page) => this.fillIdentifiers(page) },
      { fill: (page) => this.fillCreators(page) },
      { fill: (page) => fillLabels(labels, this.usersById, page) },
      {
        fill: async (page) => {
          const ids = await favorites.favoriteIds(page.userId, 'task', [...page.out.keys()]);
          for (const id of ids) page.out.get(id)!.is_favorite = true;
        },
      },
      { fill: (page) => this.fillBuckets(page) },
    );
  }

  register(loader: TaskDetailLoader): void {
    this.loaders.push(loader);
  }

  async serialize(
    userId: number,
    rows: TaskRow[],
    options: { placements?: Map<number, ViewPlacement>; expand?: ReadonlySet<string> } = {},
  ): Promise<SerializedTask[]> {
    const out = new Map<number, SerializedTask>(
      rows.map((r) => [r.id, baseTask(r, options.placements?.get(r.id))]),
    );
    if (rows.length > 0) {
      const page: TaskPage = { userId, rows, out, expand: options.expand ?? new Set() };
      // The loaders' first queries go out together (PostgreSQL: one connection, one write).
      await this.readTogether(() => Promise.all(this.loaders.map((l) => l.fill(page))));
    }
    return rows.map((r) => out.get(r.id)!);
  }

  /** `IDENT-index`, or `#index` when the project has no identifier. */
  private async fillIdentifiers(page: TaskPage): Promise<void> {
    const projectIds = [...new Set(page.rows.map((r) => r.project_id))];
    const projects = await this.identifiersOf(projectIds);
    const identifiers = new Map(projects.map((p) => [p.id, p.identifier]));
    for (const row of page.rows) {
      const ident = identifiers.get(row.project_id);
      if (ident) page.out.get(row.id)!.identifier = `${ident}-${row.index}`;
    }
  }

  /** Users, or for tasks a link share created, the share's pseudo-user (id −share id). */
  private async fillCreators(page: TaskPage): Promise<void> {
    const ids = [...new Set(page.rows.map((r) => r.created_by_id))];
    const userIds = ids.filter((id) => id > 0);
    const shareIds = ids.filter((id) => id < 0).map((id) => -id);
    const [users, shares] = await Promise.all([
      userIds.length > 0 ? this.usersById(userIds) : [],
      shareIds.length > 0
        ? this.db.selectFrom('link_shares').selectAll().where('id', 'in', shareIds).execute()
        : [],
    ]);
    const byId = new Map<number, unknown>(users.map((u) => [u.id, publicUser(u)]));
    for (const share of shares) {
      byId.set(-share.id, {
        id: -share.id,
        name: linkShareDisplayName(share),
        username: `link-share-${share.id}`,
        created: share.created,
        updated: share.updated,
      });
    }
    for (const row of page.rows) page.out.get(row.id)!.created_by = byId.get(row.created_by_id) ?? null;
  }

  /** `expand=buckets`: the buckets the task sits in across the project's kanban views. */
  private async fillBuckets(page: TaskPage): Promise<void> {
    if (!page.expand.has('buckets')) return;
    const rows = await this.db
      .selectFrom('task_buckets')
      .innerJoin('buckets', 'buckets.id', 'task_buckets.bucket_id')
      .selectAll('buckets')
      .select('task_buckets.task_id')
      .where('task_buckets.task_id', 'in', [...page.out.keys()])
      .orderBy('buckets.id')
      .execute();
    for (const task of page.out.values()) task.buckets = [];
    for (const { task_id, ...bucket } of rows) {
      page.out.get(task_id)!.buckets!.push(serializeBucket(bucket, undefined));
    }
  }
}

async function fillLabels(
  labels: LabelsRepo,
  usersById: ReusedQuery<[readonly number[]], UserRow>,
  page: TaskPage,
): Promise<void> {
  const rows = await labels.labelsOfTasks([...page.out.keys()]);
  if (rows.length === 0) return;
  const creatorIds = [...new Set(rows.map((l) => l.created_by_id))];
  const creators = await usersById(creatorIds);
  const byId = new Map(creators.map((u) => [u.id, u]));
  for (const { task_id, ...label } of rows) {
    const task = page.out.get(task_id)!;
    task.labels ??= [];
    task.labels.push(serializeLabel(label, byId.get(label.created_by_id)));
  }
}
