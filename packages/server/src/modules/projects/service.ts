/** Projects: create, read, list, update (incl. move and archive), delete and the new-user Inbox. */
import {
  defaultPosition,
  isLinkShareId,
  projectPositionNeedsRespread,
  Right,
  spreadPositions,
} from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, ProjectRow } from '../../db/schema.js';
import { fail, invalidFields } from '../../http/api-error.js';
import type { Page } from '../../http/pagination.js';
import { FavoritesRepo } from '../favorites/repo.js';
import { normalizeHexColor, titleProblem } from '../input/fields.js';
import type { NotificationEvents } from '../notifications/events.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import type { ProjectAccess } from '../rights/project-access.js';
import type { RightsService } from '../rights/service.js';
import type { NearestSubscriptions } from '../subscriptions/nearest.js';
import { SubscriptionsRepo } from '../subscriptions/repo.js';
import { serializeSubscription, withSubscription } from '../subscriptions/serialize.js';
import { createDefaultViews } from '../views/defaults.js';
import type { ViewsRepo } from '../views/repo.js';
import { serializeView } from '../views/serialize.js';
import type { ProjectsRepo } from './repo.js';
import {
  FAVORITES_PROJECT_ID,
  favoritesProject,
  type SerializedProject,
  serializeProject,
} from './serialize.js';

export interface ProjectInput {
  title?: string;
  description?: string;
  identifier?: string;
  hex_color?: string;
  parent_project_id?: number;
  is_archived?: boolean;
  is_favorite?: boolean;
  position?: number;
}

export interface ProjectListInput {
  page: Page;
  s?: string;
  isArchived: boolean;
  expandRights: boolean;
}

/** Saved filters show as projects with ids below −1; their module answers for them. */
export interface PseudoProjects {
  pseudoProjects(
    userId: number,
    search: string | undefined,
    expandRights: boolean,
  ): Promise<SerializedProject[]>;
  readProject(userId: number, projectId: number): Promise<{ project: SerializedProject; right: Right }>;
  updateFromProject(userId: number, projectId: number, input: ProjectInput): Promise<SerializedProject>;
  deleteFromProject(userId: number, projectId: number): Promise<void>;
}

/** The parts of tasks kept outside the database (attachment files), removed with their projects. */
export interface TaskFileOwner {
  beforeDelete(
    trx: Kysely<Database>,
    taskIds: readonly number[],
    options?: { keepFiles?: boolean },
  ): Promise<number[]>;
  /** The files the projects' trashed tasks still hold. */
  beforeTrashDelete(trx: Kysely<Database>, projectIds: readonly number[]): Promise<number[]>;
  afterDelete(fileIds: readonly number[]): Promise<void>;
}

/** The files projects themselves own (background images), removed with them. */
export interface ProjectFileOwner {
  beforeDelete(trx: Kysely<Database>, projectIds: readonly number[]): Promise<number[]>;
  afterDelete(fileIds: readonly number[]): Promise<void>;
}

/**
 * Keeps a project being deleted, with its sub-projects and all they hold (modules/trash), inside
 * the delete's transaction; the files stay, held by what keeps them.
 */
export interface ProjectKeeper {
  keep(
    trx: Kysely<Database>,
    userId: number,
    projectIds: readonly number[],
    taskIds: readonly number[],
  ): Promise<void>;
}

export class ProjectsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly projects: ProjectsRepo,
    private readonly views: ViewsRepo,
    private readonly favorites: FavoritesRepo,
    private readonly rights: RightsService,
    private readonly access: ProjectAccess,
    private readonly pseudo: PseudoProjects,
    private readonly taskFiles: TaskFileOwner,
    private readonly projectFiles: ProjectFileOwner,
    /** Reads show the caller's nearest subscription (reference §3.1, §4.14). */
    private readonly subscriptions: NearestSubscriptions,
    /** The change listeners (notifications, webhooks), told after a change commits. */
    private readonly events: NotificationEvents,
    /** The trash; without it a deleted project is gone at once, files and all. */
    private readonly keeper?: ProjectKeeper,
  ) {}

  async create(userId: number, input: ProjectInput): Promise<SerializedProject> {
    const title = input.title ?? '';
    const identifier = this.checkFields(title, input.identifier);
    const parentId = input.parent_project_id ?? 0;
    if (parentId < 0) throw fail('projectPseudoParent');
    if (parentId > 0) await this.access.demand(userId, parentId, Right.write);
    if (identifier && (await this.projects.identifierTaken(userId, identifier, 0))) {
      throw fail('projectIdentifierNotUnique');
    }
    const id = await this.db.transaction().execute((trx) =>
      this.insertProject(trx, userId, {
        title,
        description: sanitizeRichText(input.description),
        identifier,
        hex_color: normalizeHexColor(input.hex_color),
        parent_project_id: parentId,
        position: input.position ?? 0,
        is_favorite: input.is_favorite === true,
      }),
    );
    await this.events.projectCreated(userId, id);
    return this.read(userId, id).then((r) => r.project);
  }

  /** Every new user gets an "Inbox" that becomes their default project (reference §4.13). */
  async createInbox(trx: Kysely<Database>, userId: number): Promise<number> {
    const id = await this.insertProject(trx, userId, {
      title: 'Inbox',
      description: '',
      identifier: '',
      hex_color: '',
      parent_project_id: 0,
      position: 0,
      is_favorite: false,
    });
    await this.projects.with(trx).setDefaultProject(userId, id);
    return id;
  }

  async read(userId: number, projectId: number): Promise<{ project: SerializedProject; right: Right }> {
    if (projectId === FAVORITES_PROJECT_ID) {
      const [caller] = await this.projects.usersByIds([userId]);
      return { project: favoritesProject(caller, null), right: Right.read };
    }
    if (projectId < FAVORITES_PROJECT_ID) return this.pseudo.readProject(userId, projectId);
    if (projectId < 0) throw fail('projectDoesNotExist');
    const { project, right } = await this.access.demand(userId, projectId, Right.read);
    const [serialized] = await this.hydrate(userId, [project], null);
    return { project: serialized, right };
  }

  async list(
    userId: number,
    input: ProjectListInput,
  ): Promise<{ projects: SerializedProject[]; total: number }> {
    const s = (input.s ?? '').trim();
    const ids = /^\d+(\s*,\s*\d+)*$/.test(s) ? s.split(',').map((v) => Number(v.trim())) : undefined;
    const { rows, total } = await this.projects.listVisible({
      visibleIds: this.rights.visibleProjectIds(userId),
      includeArchived: input.isArchived,
      search: ids ? undefined : s || undefined,
      ids,
      limit: input.page.limit,
      offset: input.page.offset,
    });
    const rights = input.expandRights
      ? await this.rights.projectRights(
          userId,
          rows.map((r) => r.id),
        )
      : null;
    const projects = await this.hydrate(userId, rows, rights);
    // The Favorites pseudo project leads the first page when the user has favourite tasks;
    // pagination counts only real projects.
    if (input.page.page <= 1 && !ids && (await this.favorites.hasAny(userId, 'task'))) {
      const [caller] = await this.projects.usersByIds([userId]);
      projects.unshift(favoritesProject(caller, input.expandRights ? Right.read : null) as SerializedProject);
    }
    if (input.page.page <= 1 && !ids) {
      projects.push(...(await this.pseudo.pseudoProjects(userId, s || undefined, input.expandRights)));
    }
    return { projects, total };
  }

  async update(userId: number, projectId: number, input: ProjectInput): Promise<SerializedProject> {
    if (projectId === FAVORITES_PROJECT_ID) throw fail('forbidden');
    if (projectId < FAVORITES_PROJECT_ID) return this.pseudo.updateFromProject(userId, projectId, input);
    if (projectId < 0) throw fail('projectDoesNotExist');
    const project = await this.projects.find(projectId);
    if (!project) throw fail('projectDoesNotExist');
    const right = await this.rights.projectRight(userId, projectId);
    if (right === null) throw fail('forbidden');
    const archive = input.is_archived === true;
    if (project.is_archived) {
      // An archived project only accepts being un-archived, and only below an active parent.
      if (archive) throw fail('projectIsArchived');
      const parent =
        project.parent_project_id > 0 ? await this.projects.find(project.parent_project_id) : undefined;
      if (parent?.is_archived) throw fail('parentProjectArchived');
    }
    if (right < Right.write) throw fail('forbidden');

    const title = input.title ?? '';
    const identifier = this.checkFields(title, input.identifier);
    if (identifier && (await this.projects.identifierTaken(project.owner_id, identifier, projectId))) {
      throw fail('projectIdentifierNotUnique');
    }
    const newParent = input.parent_project_id;
    const moving = newParent !== undefined && newParent !== project.parent_project_id;
    if (moving) await this.checkMove(userId, project, right, newParent);
    const archiveChanged = archive !== !!project.is_archived;
    if (archive && archiveChanged && (await this.projects.anyIsDefault([projectId]))) {
      throw fail('cannotArchiveDefaultProject');
    }

    const position = input.position ?? 0;
    await this.db.transaction().execute(async (trx) => {
      const repo = this.projects.with(trx);
      await repo.update(projectId, {
        title,
        identifier,
        hex_color: normalizeHexColor(input.hex_color),
        position,
        is_archived: archive,
        ...(input.description ? { description: sanitizeRichText(input.description) } : {}),
        ...(moving ? { parent_project_id: newParent } : {}),
      });
      if (archiveChanged) await repo.setArchived(await repo.subtreeIds(projectId), archive);
      if (!isLinkShareId(userId)) {
        await new FavoritesRepo(trx).set(userId, 'project', projectId, input.is_favorite === true);
      }
      // A position this small means the client ran out of room: the siblings are re-spread.
      if (projectPositionNeedsRespread(position)) await this.respread(repo, projectId);
    });
    await this.events.projectUpdated(userId, projectId);
    if (moving) await this.events.projectMoved(userId, projectId);
    return (await this.read(userId, projectId)).project;
  }

  async delete(userId: number, projectId: number): Promise<void> {
    if (projectId === FAVORITES_PROJECT_ID) throw fail('forbidden');
    if (projectId < FAVORITES_PROJECT_ID) return this.pseudo.deleteFromProject(userId, projectId);
    if (projectId < 0) throw fail('projectDoesNotExist');
    await this.access.demand(userId, projectId, Right.admin);
    const ids = await this.projects.subtreeIds(projectId);
    if (await this.projects.anyIsDefault(ids)) throw fail('cannotDeleteDefaultProject');
    const notifyDeleted = await this.events.beforeProjectDeleted(userId, projectId);
    const { files, backgrounds } = await this.db.transaction().execute(async (trx) => {
      const taskIds = await this.projects.with(trx).taskIdsOf(ids);
      // Read whole before any row goes; the trash entry then holds the files.
      await this.keeper?.keep(trx, userId, ids, taskIds);
      const keepFiles = this.keeper !== undefined;
      const favorites = new FavoritesRepo(trx);
      await favorites.removeAll('task', taskIds);
      await favorites.removeAll('project', ids);
      await new SubscriptionsRepo(trx).removeAllOf('project', ids);
      const owned = [
        ...(await this.taskFiles.beforeDelete(trx, taskIds, { keepFiles })),
        ...(keepFiles ? [] : await this.taskFiles.beforeTrashDelete(trx, ids)),
      ];
      const backgrounds = keepFiles ? [] : await this.projectFiles.beforeDelete(trx, ids);
      await this.projects.with(trx).deleteMany(ids);
      return { files: owned, backgrounds };
    });
    await this.taskFiles.afterDelete(files);
    await this.projectFiles.afterDelete(backgrounds);
    await notifyDeleted();
  }

  /** Projects with owner, views and the caller's favourite flag; one query per kind of data. */
  async hydrate(
    userId: number,
    rows: ProjectRow[],
    rights: Map<number, Right | null> | null,
  ): Promise<SerializedProject[]> {
    const ids = rows.map((r) => r.id);
    const [owners, views, favorites, subscriptions] = await Promise.all([
      this.projects.usersByIds(rows.map((r) => r.owner_id)),
      this.views.listForProjects(ids),
      this.favorites.favoriteIds(userId, 'project', ids),
      // Link shares cannot subscribe, so they carry none.
      !isLinkShareId(userId) && ids.length > 0 ? this.subscriptions.forProjects(userId, ids) : new Map(),
    ]);
    // A link share sees its project as a root: the parent is out of its reach (reference §3.1).
    const asRoot = isLinkShareId(userId);
    return rows.map((row) => {
      const subscription = subscriptions.get(row.id);
      return withSubscription(
        serializeProject(asRoot ? { ...row, parent_project_id: 0 } : row, {
          owner: owners.find((o) => o.id === row.owner_id),
          views: views.filter((v) => v.project_id === row.id).map(serializeView),
          isFavorite: favorites.has(row.id),
          maxRight: rights?.get(row.id) ?? null,
        }),
        subscription && serializeSubscription(subscription),
      );
    });
  }

  private checkFields(title: string, rawIdentifier: string | undefined): string {
    const identifier = (rawIdentifier ?? '').trim().toUpperCase();
    const problems = [titleProblem(title)];
    if ([...identifier].length > 10)
      problems.push(`identifier: ${identifier} does not validate as runelength(0|10)`);
    const found = problems.filter((p): p is string => p !== null);
    if (found.length > 0) throw invalidFields(found);
    return identifier;
  }

  /** Moving or detaching needs admin on the project and on the new parent (otherwise code 1). */
  private async checkMove(
    userId: number,
    project: ProjectRow,
    right: Right,
    parentId: number,
  ): Promise<void> {
    if (parentId < 0) throw fail('projectPseudoParent');
    if (parentId === project.id) throw fail('projectChildOfItself');
    if (right < Right.admin) throw fail('notAllowed');
    if (parentId === 0) return;
    const parent = await this.projects.find(parentId);
    if (!parent) throw fail('projectDoesNotExist');
    if ((await this.projects.subtreeIds(project.id)).includes(parentId)) throw fail('projectCyclic');
    if ((await this.rights.projectRight(userId, parentId)) !== Right.admin) throw fail('notAllowed');
    if (parent.is_archived) throw fail('parentProjectArchived');
  }

  private async respread(repo: ProjectsRepo, projectId: number): Promise<void> {
    const project = await repo.find(projectId);
    if (!project) return;
    const siblings = await repo.siblings(project);
    const positions = spreadPositions(siblings.length);
    await repo.setPositions(siblings.map((s, i) => ({ id: s.id, position: positions[i] })));
  }

  private async insertProject(
    trx: Kysely<Database>,
    userId: number,
    fields: Omit<
      ProjectRow,
      | 'id'
      | 'owner_id'
      | 'is_archived'
      | 'background_file_id'
      | 'background_blur_hash'
      | 'created'
      | 'updated'
    > & {
      is_favorite: boolean;
    },
  ): Promise<number> {
    const repo = this.projects.with(trx);
    const { is_favorite, ...columns } = fields;
    const row = await repo.insert({ ...columns, owner_id: userId });
    if (!columns.position) await repo.update(row.id, { position: defaultPosition(row.id) });
    await createDefaultViews(this.views.with(trx), row.id, userId);
    if (is_favorite) await new FavoritesRepo(trx).set(userId, 'project', row.id, true);
    return row.id;
  }
}
