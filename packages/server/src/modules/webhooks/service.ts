/**
 * Webhooks of projects and of users (reference §2.13, §3.12, §4.11). A project's webhooks are
 * created, changed and deleted with write access, as in Vikunja, and listed only with it too:
 * a target URL says where the project's data goes and may carry credentials of its own, so those
 * who may only read the project get 403 instead of the list (Vikunja lists them with read
 * access). A user's own are theirs alone, and name only user-directed events. Link shares are
 * turned away by the routes. Only `events` can change after creation, as in Vikunja: a new target
 * or secret is a new webhook. A target on an internal address is refused (targets.ts), also when
 * the events of a webhook that points there are changed.
 */
import { isWebhookEvent, isWebhookTarget, Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, WebhookRow } from '../../db/schema.js';
import { httpError, invalidFields } from '../../http/api-error.js';
import type { Page } from '../../http/pagination.js';
import { loadPeople } from '../comments/people.js';
import type { ProjectAccess } from '../rights/project-access.js';
import { demandRight } from '../rights/service.js';
import type { WebhooksRepo } from './repo.js';
import { serializeWebhook, type WebhookJson } from './serialize.js';
import type { WebhookTargets } from './targets.js';

export interface WebhookInput {
  target_url?: string | null;
  events?: unknown;
  secret?: string | null;
  basic_auth_user?: string | null;
  basic_auth_password?: string | null;
}

type Scope = 'project' | 'user';
type Owner = { projectId: number } | { userId: number };

export class WebhooksService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: WebhooksRepo,
    private readonly access: ProjectAccess,
    private readonly targets: WebhookTargets,
  ) {}

  /** Write access, but an archived project's webhooks can still be seen by those who have it. */
  async listOfProject(userId: number, projectId: number, page: Page) {
    const { right } = await this.access.demand(userId, Math.max(projectId, 0), Right.read);
    demandRight(right, Right.write);
    return this.list({ projectId }, page);
  }

  listOfUser(userId: number, page: Page) {
    return this.list({ userId }, page);
  }

  async createForProject(userId: number, projectId: number, input: WebhookInput): Promise<WebhookJson> {
    const fields = readRequired(input);
    await this.demandProject(userId, projectId, Right.write);
    return this.create(userId, { projectId }, fields, input, 'project');
  }

  createForUser(userId: number, input: WebhookInput): Promise<WebhookJson> {
    return this.create(userId, { userId }, readRequired(input), input, 'user');
  }

  async updateOfProject(userId: number, projectId: number, id: number, events: unknown) {
    await this.demandProject(userId, projectId, Right.write);
    return this.updateEvents(await this.ofProject(projectId, id), events, 'project');
  }

  async updateOfUser(userId: number, id: number, events: unknown): Promise<WebhookJson> {
    return this.updateEvents(await this.ofUser(userId, id), events, 'user');
  }

  async deleteOfProject(userId: number, projectId: number, id: number): Promise<void> {
    await this.demandProject(userId, projectId, Right.write);
    await this.repo.delete((await this.ofProject(projectId, id)).id);
  }

  async deleteOfUser(userId: number, id: number): Promise<void> {
    await this.repo.delete((await this.ofUser(userId, id)).id);
  }

  private async list(owner: Owner, page: Page): Promise<{ webhooks: WebhookJson[]; total: number }> {
    const { rows, total } = await this.repo.pageOf(owner, page.limit, page.offset);
    return { webhooks: await this.serialize(rows), total };
  }

  private async create(
    userId: number,
    owner: Owner,
    fields: { targetUrl: string; events: unknown[] },
    input: WebhookInput,
    scope: Scope,
  ): Promise<WebhookJson> {
    const problems = [
      ...(isWebhookTarget(fields.targetUrl) ? [] : ['target_url']),
      ...(knownEvents(fields.events, scope) ? [] : ['events']),
    ];
    if (problems.length > 0) throw invalidFields(problems);
    await this.targets.demandReachable(fields.targetUrl);
    const row = await this.repo.insert({
      owner,
      targetUrl: fields.targetUrl,
      events: unique(fields.events as string[]),
      secret: input.secret ?? '',
      basicAuthUser: input.basic_auth_user ?? '',
      basicAuthPassword: input.basic_auth_password ?? '',
      createdById: userId,
    });
    return (await this.serialize([row]))[0];
  }

  private async updateEvents(row: WebhookRow, raw: unknown, scope: Scope): Promise<WebhookJson> {
    const events = Array.isArray(raw) ? raw : [];
    if (events.length === 0) throw invalidFields(['events: non zero value required']);
    if (!knownEvents(events, scope)) throw invalidFields(['events']);
    await this.targets.demandReachable(row.target_url);
    const updated = await this.repo.updateEvents(row.id, unique(events as string[]));
    return (await this.serialize([updated]))[0];
  }

  /** Pseudo projects (favourites, saved filters) have no webhooks: they do not exist for this. */
  private async demandProject(userId: number, projectId: number, needed: Right): Promise<void> {
    await this.access.demand(userId, Math.max(projectId, 0), needed);
  }

  /** A webhook of this project; one of another project or a user is as missing as none. */
  private async ofProject(projectId: number, id: number): Promise<WebhookRow> {
    const row = await this.repo.find(id);
    if (!row || row.project_id !== projectId) throw notFound();
    return row;
  }

  private async ofUser(userId: number, id: number): Promise<WebhookRow> {
    const row = await this.repo.find(id);
    if (!row || row.user_id !== userId) throw notFound();
    return row;
  }

  private async serialize(rows: readonly WebhookRow[]): Promise<WebhookJson[]> {
    const people = await loadPeople(
      this.db,
      rows.map((r) => r.created_by_id),
    );
    return rows.map((r) => serializeWebhook(r, people.get(r.created_by_id) ?? null));
  }
}

/** Vikunja's struct validation: both fields must be present before anything else is looked at. */
function readRequired(input: WebhookInput): { targetUrl: string; events: unknown[] } {
  const targetUrl = (input.target_url ?? '').trim();
  const events = Array.isArray(input.events) ? input.events : [];
  const problems = [
    ...(targetUrl ? [] : ['target_url: non zero value required']),
    ...(events.length > 0 ? [] : ['events: non zero value required']),
  ];
  if (problems.length > 0) throw invalidFields(problems);
  return { targetUrl, events };
}

function knownEvents(events: readonly unknown[], scope: Scope): boolean {
  return events.every((e) => typeof e === 'string' && isWebhookEvent(e, scope));
}

function unique(events: readonly string[]): string[] {
  return [...new Set(events)];
}

function notFound() {
  return httpError(404, 'Not Found');
}
