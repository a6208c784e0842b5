/**
 * The trash: deleted tasks, comments and projects kept for ORDO_TRASH_DAYS days (task-keeper.ts,
 * comment-keeper.ts and project-keeper.ts put them there). A user sees the entries of projects
 * they may write to and the projects they owned or deleted, restores one (the task comes back with
 * its id, place in each view, labels, assignees, comments, attachments, relations and history; a
 * project with its sub-projects, views, buckets, tasks and shares; parts whose label, user, team,
 * bucket or related task went away meanwhile stay away) or deletes it for good.
 * Housekeeping removes expired entries. Ordo's own endpoints; Vikunja's clients never see them.
 */
import { Right, type TrashEntry } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, TrashRow } from '../../db/schema.js';
import { ApiError, fail } from '../../http/api-error.js';
import { sweepOrphanFiles } from '../attachments/files/orphans.js';
import type { FileStore } from '../attachments/files/store.js';
import { loadPeople } from '../comments/people.js';
import type { NotificationEvents } from '../notifications/events.js';
import type { SerializedProject } from '../projects/serialize.js';
import type { ProjectsService } from '../projects/service.js';
import type { ProjectAccess } from '../rights/project-access.js';
import type { RightsService } from '../rights/service.js';
import { TaskPlacement } from '../tasks/placement.js';
import { TasksRepo, withIndexRetry } from '../tasks/repo.js';
import type { SerializedTask } from '../tasks/serialize.js';
import type { TasksService } from '../tasks/service.js';
import { type CommentSnapshot, CommentSnapshotRepo } from './comment-snapshot-repo.js';
import { trashExpiry } from './expiry.js';
import { type ProjectSnapshot, ProjectSnapshotRepo } from './project-snapshot-repo.js';
import type { TrashRepo } from './repo.js';
import { type TaskSnapshot, TaskSnapshotRepo } from './task-snapshot-repo.js';

/** The trash page shows this many entries, newest first. */
const LIST_LIMIT = 500;

export class TrashService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly repo: TrashRepo,
    private readonly rights: RightsService,
    private readonly access: ProjectAccess,
    private readonly tasks: TasksService,
    private readonly projects: ProjectsService,
    private readonly events: NotificationEvents,
    private readonly files: FileStore,
    private readonly days: number,
  ) {}

  /**
   * The entries the user could restore: tasks in projects they may write to, and their own
   * comments there (only its author may delete a comment, or bring it back).
   */
  async list(userId: number): Promise<TrashEntry[]> {
    const rows = await this.repo.listFor(userId, this.rights.visibleProjectIds(userId), LIST_LIMIT);
    const projectIds = rows.flatMap((r) => (r.project_id === null ? [] : [r.project_id]));
    const rights = await this.rights.projectRights(userId, [...new Set(projectIds)]);
    // Deleted projects come only as the owner's or the deleter's (the query's own condition).
    const writable = rows.filter(
      (r) =>
        r.project_id === null ||
        ((rights.get(r.project_id) ?? -1) >= Right.write &&
          (r.kind === 'task' || r.deleted_by_id === userId)),
    );
    const people = await loadPeople(
      this.db,
      writable.map((r) => r.deleted_by_id),
    );
    return writable.map((r) => ({
      id: r.id,
      kind: entryKind(r.kind),
      item_id: r.item_id,
      title: r.title,
      task_id: r.task_id,
      task_title: r.task_title,
      project_id: r.project_id,
      project_title: r.project_title,
      deleted_by: people.get(r.deleted_by_id) ?? null,
      deleted: r.deleted_at,
      expires: trashExpiry(r.deleted_at, this.days),
    }));
  }

  /**
   * Puts the task back where it was, the comment back on its task, or the project back with all
   * it held; answers the task as a task read would (for a comment, the task it is on), or the
   * project as a project read would.
   */
  async restore(userId: number, id: number): Promise<SerializedTask | SerializedProject> {
    const entry = await this.demand(userId, id);
    if (entry.kind === 'comment') return this.restoreComment(userId, entry);
    if (entry.kind === 'project') return this.restoreProject(userId, entry);
    await this.putBackTasks(userId, [entry]);
    return this.tasks.serializeOne(userId, entry.item_id);
  }

  /** Puts several deleted tasks back in one transaction (the undo of a bulk delete). */
  async restoreTasks(userId: number, ids: readonly number[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw fail('trashEntryDoesNotExist');
    const entries: TrashRow[] = [];
    for (const id of unique) {
      const entry = await this.demand(userId, id);
      if (entry.kind !== 'task') throw fail('trashEntryDoesNotExist');
      entries.push(entry);
    }
    await this.putBackTasks(userId, entries);
  }

  /**
   * The project comes back under its parent while that exists and the user may still add projects
   * there (not archived), at the top level otherwise; ids, views, buckets, tasks and shares as they were.
   */
  private async restoreProject(userId: number, entry: TrashRow): Promise<SerializedProject> {
    const snapshot = JSON.parse(entry.payload) as ProjectSnapshot;
    const parent = Number(snapshot.projects[0]?.parent_project_id ?? 0);
    const parentId = parent > 0 && (await this.mayAddUnder(userId, parent)) ? parent : 0;
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.with(trx).remove(entry.id))) throw fail('trashEntryDoesNotExist');
      await new ProjectSnapshotRepo(trx, this.dialect).restore(snapshot, parentId);
    });
    await this.events.projectCreated(userId, entry.item_id);
    return (await this.projects.read(userId, entry.item_id)).project;
  }

  private async mayAddUnder(userId: number, projectId: number): Promise<boolean> {
    try {
      await this.access.demand(userId, projectId, Right.write);
      return true;
    } catch (error) {
      // Refused (gone, not shared, archived, read-only): the project comes back at the top level.
      if (error instanceof ApiError) return false;
      throw error;
    }
  }

  private async putBackTasks(userId: number, entries: readonly TrashRow[]): Promise<void> {
    await withIndexRetry(() =>
      this.db.transaction().execute(async (trx) => {
        const trash = this.repo.with(trx);
        const tasks = new TasksRepo(trx, this.dialect);
        const rows = new TaskSnapshotRepo(trx, this.dialect);
        const placement = new TaskPlacement(trx);
        for (const entry of entries) {
          // Taken first: of two restores at once, the second finds nothing to restore.
          const projectId = entry.project_id;
          if (projectId === null || !(await trash.remove(entry.id))) throw fail('trashEntryDoesNotExist');
          const snapshot = JSON.parse(entry.payload) as TaskSnapshot;
          const index = Number(snapshot.task.index);
          const free = !(await tasks.indexTaken(projectId, index));
          const placed = free ? index : await tasks.nextIndex(projectId);
          await rows.restore([{ snapshot: await rows.withoutClashes(snapshot), index: placed }]);
          await placement.fillIn({
            id: entry.item_id,
            index: placed,
            project_id: projectId,
            done: !!snapshot.task.done,
          });
        }
      }),
    );
    for (const entry of entries) await this.events.taskCreated(userId, entry.item_id);
  }

  private async restoreComment(userId: number, entry: TrashRow): Promise<SerializedTask> {
    const snapshot = JSON.parse(entry.payload) as CommentSnapshot;
    const taskId = snapshot.comment.task_id;
    // On a task that is still there (not itself in the trash), which the user may still write to.
    const { task } = await this.tasks.demand(userId, taskId, Right.write);
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.with(trx).remove(entry.id))) throw fail('trashEntryDoesNotExist');
      await new CommentSnapshotRepo(trx).restore(snapshot);
    });
    await this.events.changed({
      change: 'task.comment.created',
      projectId: task.project_id,
      actorId: userId,
      taskId,
    });
    return this.tasks.serializeOne(userId, taskId);
  }

  /** Deletes the entry for good, with the files only it held. */
  async purge(userId: number, id: number): Promise<void> {
    await this.demand(userId, id);
    const held = await this.repo.fileIdsOf(id);
    if (!(await this.repo.remove(id))) throw fail('trashEntryDoesNotExist');
    await sweepOrphanFiles(this.db, this.files, held);
  }

  /**
   * The entry, when the user may write to its project (and, for a comment, wrote it); 404 for
   * anyone who could not see it.
   */
  private async demand(userId: number, id: number): Promise<TrashRow> {
    const entry = await this.repo.find(id);
    if (!entry) throw fail('trashEntryDoesNotExist');
    if (entry.project_id === null) {
      // A deleted project: its owner's and its deleter's, unseen by anyone else.
      if (entry.owner_id !== userId && entry.deleted_by_id !== userId) throw fail('trashEntryDoesNotExist');
      return entry;
    }
    const right = await this.rights.projectRight(userId, entry.project_id);
    if (right === null) throw fail('trashEntryDoesNotExist');
    await this.access.demand(userId, entry.project_id, Right.write);
    if (entry.kind === 'comment' && entry.deleted_by_id !== userId) throw fail('forbidden');
    return entry;
  }
}

function entryKind(kind: string): TrashEntry['kind'] {
  return kind === 'comment' || kind === 'project' ? kind : 'task';
}
