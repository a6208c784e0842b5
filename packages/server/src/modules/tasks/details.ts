/**
 * Fills the parts of a page of tasks that live in other tables. Each loader runs one query for
 * the whole page, never one per task. Later sub-resources (assignees, reminders, attachments,
 * relations, reactions, comments) register their own loader here.
 */
import { IDS_PER_QUERY, idChunks } from '../../db/id-chunks.js';
import type { ReadTogether } from '../../db/read-batch.js';
import type { ReusedQuery } from '../../db/reused-query.js';
import type { LinkShareRow, TaskRow, UserRow } from '../../db/schema.js';
import type { FavoritesRepo } from '../favorites/repo.js';
import type { LabelsRepo } from '../labels/repo.js';
import { serializeLabel } from '../labels/serialize.js';
import { linkSharePerson } from '../sharing/serialize.js';
import { type PublicUser, publicUser } from '../users/serialize.js';
import { serializeBucket } from '../views/serialize.js';
import type { TaskDetailsRepo } from './details-repo.js';
import { baseTask, type SerializedTask, type ViewPlacement } from './serialize.js';

/** A task row with its project's identifier (empty when the project has none). */
export type IdentifiedTaskRow = TaskRow & { project_identifier: string };

/** A page's rows at hand, or its ids and how to read its rows. */
type RowSource = { known: TaskRow[] } | { ids: readonly number[]; read: () => Promise<IdentifiedTaskRow[]> };

export interface TaskPage {
  userId: number;
  /** The page's task ids. */
  ids: readonly number[];
  expand: ReadonlySet<string>;
}

/**
 * Fills a loader's fields in the page's serialised tasks (by id). A task the loader found but the
 * page's rows did not (deleted or moved out of the caller's reach meanwhile) is not in the map.
 */
export type FillTasks = (tasks: ReadonlyMap<number, SerializedTask>, rows: readonly TaskRow[]) => void;

/**
 * A part of a task that lives in another table. `load` starts its first query at once, from the
 * ids alone, so that it goes out with the page's rows and the other loaders' queries; it answers
 * how to fill the part in once the rows are there.
 */
export interface TaskDetailLoader {
  load(page: TaskPage): Promise<FillTasks>;
}

export class TaskDetails {
  private readonly loaders: TaskDetailLoader[] = [];

  constructor(
    private readonly repo: TaskDetailsRepo,
    labels: LabelsRepo,
    favorites: FavoritesRepo,
    private readonly readTogether: ReadTogether,
    /** The parts other modules keep in their tables (assignees, reminders, comments, …). */
    parts: readonly TaskDetailLoader[],
  ) {
    this.loaders.push(
      { load: (page) => labelsOf(labels, repo.usersById, page) },
      {
        load: async (page) => {
          const ids = await favorites.favoriteIds(page.userId, 'task', page.ids);
          return (tasks) => {
            for (const id of ids) {
              const task = tasks.get(id);
              if (task) task.is_favorite = true;
            }
          };
        },
      },
      { load: (page) => this.bucketsOf(page) },
      ...parts,
    );
  }

  /** The rows as the API shows tasks, with every part from other tables. */
  serialize(
    userId: number,
    rows: TaskRow[],
    options: { placements?: Map<number, ViewPlacement>; expand?: ReadonlySet<string> } = {},
  ): Promise<SerializedTask[]> {
    return this.build(userId, { known: rows }, options);
  }

  /**
   * The tasks `read` reads, in its order, when their ids are known before their rows (a ranked
   * search's page): the rows' query goes out together with the loaders' (PostgreSQL: one round
   * trip for all of them instead of two).
   */
  serializeRead(
    userId: number,
    ids: readonly number[],
    read: () => Promise<IdentifiedTaskRow[]>,
    options: { expand?: ReadonlySet<string> } = {},
  ): Promise<SerializedTask[]> {
    return this.build(userId, { ids, read }, options);
  }

  private async build(
    userId: number,
    source: RowSource,
    options: { placements?: Map<number, ViewPlacement>; expand?: ReadonlySet<string> },
  ): Promise<SerializedTask[]> {
    const ids = 'known' in source ? source.known.map((r) => r.id) : source.ids;
    if (ids.length === 0) return [];
    // Every task at once (`page=0`, a bulk edit) is filled in parts: the loaders name the tasks'
    // ids in `IN (…)`, and no statement may hold more parameters than the databases take.
    if (ids.length > IDS_PER_QUERY) {
      const rows: TaskRow[] = 'known' in source ? source.known : await source.read();
      const parts: SerializedTask[] = [];
      for (const part of idChunks(rows)) parts.push(...(await this.build(userId, { known: part }, options)));
      return parts;
    }
    const page: TaskPage = { userId, ids, expand: options.expand ?? new Set() };
    // Every first query goes out together (PostgreSQL: one connection, one write).
    const [rows, ...fills] = await this.readTogether(() => {
      if ('known' in source) {
        const { known } = source;
        return Promise.all([known, this.identifiers(known), this.creators(known), ...this.load(page)]);
      }
      const read = source.read();
      return Promise.all([read, identifiersRead(), this.creatorsOfPage(page, read), ...this.load(page)]);
    });
    const tasks = new Map<number, SerializedTask>(
      rows.map((r) => [r.id, baseTask(r, options.placements?.get(r.id))]),
    );
    for (const fill of fills) fill(tasks, rows);
    return rows.map((r) => tasks.get(r.id)!);
  }

  private load(page: TaskPage): Promise<FillTasks>[] {
    return this.loaders.map((l) => l.load(page));
  }

  /** `IDENT-index`, or `#index` when the project has no identifier. */
  private async identifiers(rows: TaskRow[]): Promise<FillTasks> {
    const projects = await this.repo.identifiersOf([...new Set(rows.map((r) => r.project_id))]);
    const identifiers = new Map(projects.map((p) => [p.id, p.identifier]));
    return (tasks) => {
      for (const task of tasks.values()) {
        const ident = identifiers.get(task.project_id);
        if (ident) task.identifier = `${ident}-${task.index}`;
      }
    };
  }

  /** Users, or for tasks a link share created, the share's pseudo-user (id −share id). */
  private async creators(rows: TaskRow[]): Promise<FillTasks> {
    const ids = [...new Set(rows.map((r) => r.created_by_id))];
    const userIds = ids.filter((id) => id > 0);
    const [users, shares] = await Promise.all([
      userIds.length > 0 ? this.repo.usersById(userIds) : [],
      this.sharesOf(ids),
    ]);
    return fillCreators(users, shares);
  }

  /** The creators of the page's tasks by their ids; the link shares among them, rare, after the rows. */
  private async creatorsOfPage(page: TaskPage, read: Promise<TaskRow[]>): Promise<FillTasks> {
    const users = await this.repo.creatorsOfTasks(page.ids);
    const shares = await this.sharesOf((await read).map((r) => r.created_by_id));
    return fillCreators(users, shares);
  }

  /** The link shares among creator ids (negative: −share id). */
  private sharesOf(creatorIds: number[]): Promise<LinkShareRow[]> | LinkShareRow[] {
    const shareIds = [...new Set(creatorIds.filter((id) => id < 0).map((id) => -id))];
    return shareIds.length > 0 ? this.repo.linkShares(shareIds) : [];
  }

  /** `expand=buckets`: the buckets the task sits in across the project's kanban views. */
  private async bucketsOf(page: TaskPage): Promise<FillTasks> {
    if (!page.expand.has('buckets')) return () => {};
    const rows = await this.repo.bucketsOfTasks(page.ids);
    return (tasks) => {
      for (const task of tasks.values()) task.buckets = [];
      for (const { task_id, ...bucket } of rows) {
        tasks.get(task_id)?.buckets?.push(serializeBucket(bucket, undefined));
      }
    };
  }
}

function fillCreators(users: UserRow[], shares: LinkShareRow[]): FillTasks {
  const byId = new Map<number, PublicUser>(users.map((u) => [u.id, publicUser(u)]));
  for (const share of shares) byId.set(-share.id, linkSharePerson(share));
  return (tasks, rows) => {
    for (const row of rows) tasks.get(row.id)!.created_by = byId.get(row.created_by_id) ?? null;
  };
}

/** The identifiers of rows read with them (`IdentifiedTaskRow`): nothing to query. */
async function identifiersRead(): Promise<FillTasks> {
  return (tasks, rows) => {
    for (const row of rows as IdentifiedTaskRow[]) {
      if (row.project_identifier) tasks.get(row.id)!.identifier = `${row.project_identifier}-${row.index}`;
    }
  };
}

async function labelsOf(
  labels: LabelsRepo,
  usersById: ReusedQuery<[readonly number[]], UserRow>,
  page: TaskPage,
): Promise<FillTasks> {
  const rows = await labels.labelsOfTasks([...page.ids]);
  if (rows.length === 0) return () => {};
  const creators = await usersById([...new Set(rows.map((l) => l.created_by_id))]);
  const byId = new Map(creators.map((u) => [u.id, u]));
  return (tasks) => {
    for (const { task_id, ...label } of rows) {
      const task = tasks.get(task_id);
      if (!task) continue;
      task.labels ??= [];
      task.labels.push(serializeLabel(label, byId.get(label.created_by_id)));
    }
  };
}
