/**
 * Reactions on tasks and comments (reference §2.7): reading needs read on the task (a comment's
 * task), reacting needs write; link shares cannot react. Unknown kinds answer 4025.
 */
import { Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fail, invalidFields } from '../../http/api-error.js';
import { CommentsRepo } from '../comments/repo.js';
import type { PublishChanges } from '../live/publisher.js';
import type { TasksService } from '../tasks/service.js';
import { PeopleRepo } from '../users/people-repo.js';
import { type PublicUser, publicUser } from '../users/serialize.js';
import type { ReactionKind, ReactionsRepo } from './repo.js';
import { groupReactions, type ReactionMap } from './serialize.js';

const MAX_VALUE_LENGTH = 20;

export class ReactionsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: ReactionsRepo,
    private readonly tasks: TasksService,
    private readonly publish: PublishChanges,
  ) {}

  async list(userId: number, kind: string, entityId: number): Promise<ReactionMap> {
    const reactionKind = this.kindOf(kind);
    await this.demandEntity(userId, reactionKind, entityId, Right.read);
    return groupReactions(await this.repo.ofEntities(reactionKind, [entityId])).get(entityId) ?? {};
  }

  async add(
    userId: number,
    kind: string,
    entityId: number,
    value: string,
  ): Promise<{ user: PublicUser; value: string; created: string }> {
    const reactionKind = this.kindOf(kind);
    const checked = checkValue(value);
    const taskId = await this.demandEntity(userId, reactionKind, entityId, Right.write);
    const created = await this.repo.add(reactionKind, entityId, taskId, userId, checked);
    await this.told(userId, taskId);
    const [user] = await new PeopleRepo(this.db).users([userId]);
    if (!user) throw new Error(`user ${userId} is gone`);
    return { user: publicUser(user), value: checked, created };
  }

  async remove(userId: number, kind: string, entityId: number, value: string): Promise<void> {
    const reactionKind = this.kindOf(kind);
    const checked = checkValue(value);
    const taskId = await this.demandEntity(userId, reactionKind, entityId, Right.write);
    await this.repo.remove(reactionKind, entityId, userId, checked);
    await this.told(userId, taskId);
  }

  private async told(userId: number, taskId: number): Promise<void> {
    const [task] = await this.tasks.rows([taskId]);
    if (task)
      this.publish({ change: 'task.reaction.changed', projectId: task.project_id, actorId: userId, taskId });
  }

  private kindOf(kind: string): ReactionKind {
    if (kind !== 'tasks' && kind !== 'comments') throw fail('invalidReactionKind', [kind]);
    return kind;
  }

  /** The entity's task after the right check: 4002 / 4015 for unknown entities. */
  private async demandEntity(
    userId: number,
    kind: ReactionKind,
    entityId: number,
    needed: Right,
  ): Promise<number> {
    let taskId = entityId;
    if (kind === 'comments') {
      const comment = await new CommentsRepo(this.db).find(entityId);
      if (!comment) throw fail('commentDoesNotExist');
      taskId = comment.task_id;
    }
    await this.tasks.demand(userId, taskId, needed);
    return taskId;
  }
}

function checkValue(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw invalidFields(['value: non zero value required']);
  if ([...trimmed].length > MAX_VALUE_LENGTH) {
    throw invalidFields([`value: ${trimmed} does not validate as runelength(1|${MAX_VALUE_LENGTH})`]);
  }
  return trimmed;
}
