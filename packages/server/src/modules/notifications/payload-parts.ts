/**
 * Loads the entities a notification payload embeds (reference §3.11) in their API shapes, at the
 * moment of the event: the payload is a snapshot. A task is shown as its reader sees it (see
 * `taskForEach`); the other entities as the person who caused the event sees them.
 */
import type { ProjectRow, TaskCommentRow, TaskRow, TeamRow, UserRow } from '../../db/schema.js';
import { linkSharePerson } from '../sharing/serialize.js';
import type { TaskDetails } from '../tasks/details.js';
import { type PublicUser, publicUser } from '../users/serialize.js';
import type { PayloadRepo } from './payload-repo.js';

/**
 * The API shapes other modules make. Those modules' services tell the listeners that build
 * payloads about their changes, so the payloads reach the shapes through functions.
 */
export interface PayloadShapes {
  /** Projects as the viewer sees them (modules/projects). */
  projects(viewerId: number, rows: ProjectRow[]): Promise<unknown[]>;
  teams(rows: TeamRow[]): Promise<unknown[]>;
  comments(rows: readonly TaskCommentRow[]): Promise<unknown[]>;
}

export class PayloadParts {
  constructor(
    private readonly repo: PayloadRepo,
    private readonly details: TaskDetails,
    private readonly shapes: PayloadShapes,
  ) {}

  async user(id: number): Promise<PublicUser | null> {
    if (id < 0) {
      // A link share acts as its pseudo-user (id −share id), as it does as a task's creator.
      const share = await this.repo.linkShare(-id);
      return share ? linkSharePerson(share) : null;
    }
    const row = await this.repo.user(id);
    return row ? publicUser(row) : null;
  }

  /** Users by the usernames a text mentions (case-insensitive), in one query. */
  usersNamed(usernames: readonly string[]): Promise<UserRow[]> {
    return this.repo.usersNamed(usernames);
  }

  taskRow(id: number): Promise<TaskRow | undefined> {
    return this.repo.task(id);
  }

  async task(viewerId: number, row: TaskRow): Promise<unknown> {
    const [task] = await this.details.serialize(viewerId, [row]);
    return task;
  }

  /**
   * The task as each viewer sees it, by viewer: its related tasks are only those of projects the
   * viewer can read, so a notification or webhook never shows a task its reader could not open.
   */
  async taskForEach(viewerIds: readonly number[], row: TaskRow): Promise<Map<number, unknown>> {
    const viewers = [...new Set(viewerIds)];
    const tasks = await Promise.all(viewers.map((id) => this.task(id, row)));
    return new Map(viewers.map((id, i) => [id, tasks[i]]));
  }

  taskRows(ids: readonly number[]): Promise<TaskRow[]> {
    return this.repo.tasks(ids);
  }

  /** Several tasks as the viewer sees them, in the order of `rows`, their details read together. */
  tasks(viewerId: number, rows: TaskRow[]): Promise<unknown[]> {
    return this.details.serialize(viewerId, rows);
  }

  /** Several projects as the viewer sees them, by id. */
  async projectsById(viewerId: number, projectIds: readonly number[]): Promise<Map<number, unknown>> {
    const rows = await this.repo.projects(projectIds);
    const projects = await this.shapes.projects(viewerId, rows);
    return new Map(rows.map((row, i) => [row.id, projects[i]]));
  }

  async project(viewerId: number, projectId: number): Promise<unknown> {
    const row = await this.repo.project(projectId);
    if (!row) return null;
    const [project] = await this.shapes.projects(viewerId, [row]);
    return project;
  }

  async comment(row: TaskCommentRow): Promise<unknown> {
    const [comment] = await this.shapes.comments([row]);
    return comment;
  }

  async team(teamId: number): Promise<unknown> {
    const row = await this.repo.team(teamId);
    if (!row) return null;
    const [team] = await this.shapes.teams([row]);
    return team;
  }
}
