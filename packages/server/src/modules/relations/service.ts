/**
 * Relations between tasks (reference §2.7, §4.10): creating needs write on the base task and read
 * on the other one, may cross projects, and writes the inverse too; subtask/parent cycles are
 * refused (4023). Deleting removes both directions.
 */
import { isRelationKind, type Relation, type RelationKind, Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import { loadPeople } from '../comments/people.js';
import type { NotificationEvents } from '../notifications/events.js';
import type { TasksService } from '../tasks/service.js';
import type { RelationsRepo } from './repo.js';

/** The contract's relation, with the kind narrowed to the ones the server knows. */
export type SerializedRelation = Relation & { relation_kind: RelationKind };

export class RelationsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: RelationsRepo,
    private readonly tasks: TasksService,
    /** The change listeners (notifications, webhooks), told after a change commits. */
    private readonly events: NotificationEvents,
  ) {}

  /**
   * `revise`: the tasks whose VTODO SEQUENCE a parent or subtask relation raises (both, unless the
   * caller sets one's itself).
   */
  async create(
    userId: number,
    taskId: number,
    otherTaskId: number,
    kind: string,
    { revise = [taskId, otherTaskId] }: { revise?: readonly number[] } = {},
  ): Promise<SerializedRelation> {
    await this.tasks.demand(userId, taskId, Right.write);
    const relationKind = readKind(kind);
    if (otherTaskId === taskId) throw fail('relationTasksSame');
    await this.tasks.demand(userId, otherTaskId, Right.read);
    const created = await this.db.transaction().execute(async (trx) => {
      const repo = this.repo.with(trx);
      if (await repo.exists(taskId, otherTaskId, relationKind)) throw fail('relationExists');
      // The parent must not already sit below the new child.
      const [parent, child] = relationKind === 'subtask' ? [taskId, otherTaskId] : [otherTaskId, taskId];
      if (
        (relationKind === 'subtask' || relationKind === 'parenttask') &&
        (await repo.isSubtaskOf(parent, child))
      ) {
        throw fail('relationCycle');
      }
      const created = await repo.insertPair(taskId, otherTaskId, relationKind, userId);
      if (showsInVtodo(relationKind)) await this.tasks.reviseVtodos(trx, revise);
      return created;
    });
    const people = await loadPeople(this.db, [userId]);
    const relation = {
      task_id: taskId,
      other_task_id: otherTaskId,
      relation_kind: relationKind,
      created_by: people.get(userId) ?? null,
      created,
    };
    await this.events.relationCreated(userId, taskId, relation);
    return relation;
  }

  /** `revise` as for create. */
  async delete(
    userId: number,
    taskId: number,
    kind: string,
    otherTaskId: number,
    { revise = [taskId, otherTaskId] }: { revise?: readonly number[] } = {},
  ): Promise<void> {
    await this.tasks.demand(userId, taskId, Right.write);
    const relationKind = readKind(kind);
    await this.db.transaction().execute(async (trx) => {
      const repo = this.repo.with(trx);
      if (!(await repo.exists(taskId, otherTaskId, relationKind))) throw fail('relationDoesNotExist');
      await repo.deletePair(taskId, otherTaskId, relationKind);
      if (showsInVtodo(relationKind)) await this.tasks.reviseVtodos(trx, revise);
    });
    await this.events.relationDeleted(userId, taskId, {
      task_id: taskId,
      other_task_id: otherTaskId,
      relation_kind: relationKind,
    });
  }
}

/** CalDAV shows parents and subtasks (RELATED-TO), not the other kinds. */
const showsInVtodo = (kind: RelationKind) => kind === 'subtask' || kind === 'parenttask';

function readKind(kind: string): RelationKind {
  if (!isRelationKind(kind)) throw fail('invalidRelationKind');
  return kind;
}
