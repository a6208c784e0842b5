/**
 * Labels (reference §2.8, §4.11): anyone may create one; the creator alone edits or deletes it
 * (8003); it is visible to its creator and to everyone who can see a task carrying it.
 */
import { Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, LabelRow } from '../../db/schema.js';
import { fail, invalidFields } from '../../http/api-error.js';
import type { Page } from '../../http/pagination.js';
import { normalizeHexColor, titleProblem } from '../input/fields.js';
import type { PublishChanges } from '../live/publisher.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import type { RightsService } from '../rights/service.js';
import { PeopleRepo } from '../users/people-repo.js';
import type { LabelsRepo } from './repo.js';
import { type SerializedLabel, serializeLabel } from './serialize.js';

export interface LabelInput {
  title?: string | null;
  description?: string | null;
  hex_color?: string | null;
}

export class LabelsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly labels: LabelsRepo,
    private readonly rights: RightsService,
    private readonly publish: PublishChanges,
  ) {}

  async create(userId: number, input: LabelInput): Promise<SerializedLabel> {
    const fields = readLabel(input);
    const row = await this.labels.insert({ ...fields, created_by_id: userId });
    return (await this.serialize([row]))[0];
  }

  async list(
    userId: number,
    page: Page,
    search: string,
  ): Promise<{ labels: SerializedLabel[]; total: number }> {
    const { rows, total } = await this.labels.listVisible({
      userId,
      visibleProjectIds: this.rights.visibleProjectIds(userId),
      search: search || undefined,
      limit: page.limit,
      offset: page.offset,
    });
    return { labels: await this.serialize(rows), total };
  }

  async get(userId: number, labelId: number): Promise<{ label: SerializedLabel; right: Right }> {
    // Visibility first, as Vikunja does: a label id the caller cannot see answers 403 whether or
    // not it exists, so ids cannot be probed for other people's labels.
    if (!(await this.visibleIds(userId, [labelId])).has(labelId)) throw fail('forbiddenRead');
    const row = await this.labels.find(labelId);
    if (!row) throw fail('labelDoesNotExist');
    return {
      label: (await this.serialize([row]))[0],
      right: row.created_by_id === userId ? Right.admin : Right.read,
    };
  }

  async update(userId: number, labelId: number, input: LabelInput): Promise<SerializedLabel> {
    const before = await this.demandCreator(userId, labelId);
    const fields = readLabel(input);
    await this.db.transaction().execute(async (trx) => {
      const labels = this.labels.with(trx);
      await labels.update(labelId, fields);
      // CalDAV apps that keep the copy with the higher SEQUENCE must take the new category name.
      if (fields.title !== before.title) await labels.reviseVtodosOfLabel(labelId);
    });
    await this.told('label.updated', userId, labelId);
    return (await this.serialize([(await this.labels.find(labelId))!]))[0];
  }

  async delete(userId: number, labelId: number): Promise<void> {
    await this.demandCreator(userId, labelId);
    // Read before the delete takes the label off its tasks.
    const projectIds = await this.labels.projectIdsOf(labelId);
    await this.db.transaction().execute(async (trx) => {
      const labels = this.labels.with(trx);
      // Before the delete takes the label off its tasks: their CATEGORIES lose it.
      await labels.reviseVtodosOfLabel(labelId);
      await labels.delete(labelId);
    });
    this.publish(
      ...projectIds.map((projectId) => ({
        change: 'label.deleted' as const,
        projectId,
        actorId: userId,
        labelId,
      })),
    );
  }

  /** Every project with a task wearing the label shows the change. */
  private async told(change: 'label.updated', userId: number, labelId: number): Promise<void> {
    const projectIds = await this.labels.projectIdsOf(labelId);
    this.publish(...projectIds.map((projectId) => ({ change, projectId, actorId: userId, labelId })));
  }

  /** Which of these labels the user may see (and so attach to tasks they can write). */
  async visibleIds(userId: number, labelIds: readonly number[]): Promise<Set<number>> {
    if (labelIds.length === 0) return new Set();
    const { rows } = await this.labels.listVisible({
      userId,
      visibleProjectIds: this.rights.visibleProjectIds(userId),
      labelIds,
      limit: null,
      offset: 0,
    });
    return new Set(rows.map((r) => r.id));
  }

  async serialize(rows: LabelRow[]): Promise<SerializedLabel[]> {
    const creators = await new PeopleRepo(this.db).users([...new Set(rows.map((r) => r.created_by_id))]);
    return rows.map((row) =>
      serializeLabel(
        row,
        creators.find((u) => u.id === row.created_by_id),
      ),
    );
  }

  private async demandCreator(userId: number, labelId: number): Promise<LabelRow> {
    const row = await this.labels.find(labelId);
    if (!row) throw fail('labelDoesNotExist');
    if (row.created_by_id !== userId) throw fail('noAccessToLabel');
    return row;
  }
}

function readLabel(input: LabelInput) {
  const title = input.title ?? '';
  const problem = titleProblem(title);
  if (problem) throw invalidFields([problem]);
  return {
    title,
    description: sanitizeRichText(input.description),
    hex_color: normalizeHexColor(input.hex_color),
  };
}
