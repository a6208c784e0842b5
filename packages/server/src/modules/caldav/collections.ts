/**
 * Calendar collections made and removed by clients: MKCALENDAR makes a project (RFC 4791
 * §5.3.1) and remembers the name the client gave it, so that address leads there; DELETE of a
 * collection deletes its project. Both go through the project service, so its rights hold (a
 * new project for anyone signed in, deleting with the admin right only).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { httpError } from '../../http/api-error.js';
import type { ProjectsService } from '../projects/service.js';
import { CollectionNamesRepo } from './collection-names-repo.js';

export interface NewCalendar {
  displayName?: string;
  color?: string;
}

/** iCal's colour (#RRGGBB or #RRGGBBAA) as the project's hex colour; anything else none. */
function hexColor(color: string | undefined): string | undefined {
  const match = /^#?([0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(color?.trim() ?? '');
  return match?.[1]?.toLowerCase();
}

export class CaldavCollections {
  private readonly names: CollectionNamesRepo;

  constructor(
    db: Kysely<Database>,
    private readonly projects: ProjectsService,
  ) {
    this.names = new CollectionNamesRepo(db);
  }

  /** The project a collection name stands for: a project id, or a name a client gave one. */
  async projectIdOf(userId: number, segment: string): Promise<number | undefined> {
    if (/^\d+$/.test(segment)) return Number(segment);
    return this.names.projectIdOf(userId, segment);
  }

  /** The names the user's clients gave calendars, by project id. */
  async namesOf(userId: number): Promise<Map<number, string>> {
    return this.names.namesOf(userId);
  }

  /**
   * A new project for a client's MKCALENDAR at `name`. 405 when the address is taken (RFC 4791
   * §5.3.1.1: the resource must not exist), 403 for a name that reads as a project id.
   */
  async create(userId: number, name: string, calendar: NewCalendar): Promise<number> {
    if (/^\d+$/.test(name)) throw httpError(403, 'A new calendar cannot take a number as its name.');
    if (name.length === 0 || name.length > 250)
      throw httpError(403, 'A calendar name has 1 to 250 characters.');
    if ((await this.projectIdOf(userId, name)) !== undefined)
      throw httpError(405, 'A calendar already exists at this address.');
    const color = hexColor(calendar.color);
    const project = await this.projects.create(userId, {
      title: calendar.displayName?.trim() || name,
      ...(color ? { hex_color: color } : {}),
    });
    try {
      await this.names.insert(project.id, userId, name);
    } catch (error) {
      // The same name made at the same moment by a second request: only one calendar stays.
      await this.projects.delete(userId, project.id);
      throw error;
    }
    return project.id;
  }

  /** Deletes the project: 403 without the admin right on it (the project service decides). */
  async delete(userId: number, projectId: number): Promise<void> {
    await this.projects.delete(userId, projectId);
  }
}
