/**
 * Loads the entities a notification payload embeds (reference §3.11) in their API shapes, as the
 * person who caused the event sees them, at the moment of the event: the payload is a snapshot.
 */
import type { TaskCommentRow, TaskRow, UserRow } from '../../db/schema.js';
import type { CommentsService } from '../comments/service.js';
import type { ProjectsService } from '../projects/service.js';
import { linkSharePerson } from '../sharing/serialize.js';
import type { TaskDetails } from '../tasks/details.js';
import type { TeamsService } from '../teams/service.js';
import { type PublicUser, publicUser } from '../users/serialize.js';
import type { PayloadRepo } from './payload-repo.js';

export class PayloadParts {
  private comments: CommentsService | null = null;

  constructor(
    private readonly repo: PayloadRepo,
    private readonly details: TaskDetails,
    private readonly projects: ProjectsService,
    private readonly teams: TeamsService,
  ) {}

  /** Comments exist only when the server turns them on; the comments module is built later. */
  useComments(comments: CommentsService): void {
    this.comments = comments;
  }

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
    const projects = await this.projects.hydrate(viewerId, rows, null);
    return new Map(rows.map((row, i) => [row.id, projects[i]]));
  }

  async project(viewerId: number, projectId: number): Promise<unknown> {
    const row = await this.repo.project(projectId);
    if (!row) return null;
    const [project] = await this.projects.hydrate(viewerId, [row], null);
    return project;
  }

  async comment(row: TaskCommentRow): Promise<unknown> {
    if (!this.comments) return null;
    const [comment] = await this.comments.serialize([row]);
    return comment;
  }

  async team(teamId: number): Promise<unknown> {
    const row = await this.repo.team(teamId);
    if (!row) return null;
    const [team] = await this.teams.hydrate([row]);
    return team;
  }
}
