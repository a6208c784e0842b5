/**
 * Teams an OpenID Connect provider keeps (Vikunja's `vikunja_groups` claim, sent when the
 * provider is asked for the `vikunja_scope` scope): a list of `{name, oidcID, description?,
 * isPublic?}`. On each sign-in the person joins every team named (created on first sight, its
 * name, description and visibility brought up to date), and leaves the provider's teams the
 * claim no longer names; a team nobody is left in is deleted. A provider that sends no such claim
 * leaves the person's teams as they are. Such teams carry the provider key as issuer and the
 * group id as external id, so members cannot be removed by hand (6010).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import { ExternalTeamsRepo } from '../teams/external-teams-repo.js';

export interface ExternalTeam {
  externalId: string;
  name: string;
  description: string;
  isPublic: boolean;
}

export const TEAMS_CLAIM = 'vikunja_groups';
/** Team names and external ids are stored in columns of 250 characters. */
const MAX_TEXT = 250;

function malformed(value: unknown): never {
  throw fail('invalidClaimData', [TEAMS_CLAIM, Array.isArray(value) ? 'array' : typeof value]);
}

function text(value: unknown, required: boolean): string {
  if (value === undefined || value === null) {
    if (required) malformed(value);
    return '';
  }
  const written = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof written !== 'string') malformed(value);
  const trimmed = written.trim();
  if ((required && trimmed === '') || trimmed.length > MAX_TEXT) malformed(value);
  return trimmed;
}

/** The teams the claims name, or null when the provider sent no teams claim. */
export function readExternalTeams(claims: Record<string, unknown>): ExternalTeam[] | null {
  const value = claims[TEAMS_CLAIM];
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) malformed(value);
  const byId = new Map<string, ExternalTeam>();
  for (const entry of value) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) malformed(entry);
    const group = entry as Record<string, unknown>;
    if (group.isPublic !== undefined && typeof group.isPublic !== 'boolean') malformed(group.isPublic);
    const team = {
      externalId: text(group.oidcID, true),
      name: text(group.name, true),
      description: text(group.description, false),
      isPublic: group.isPublic === true,
    };
    byId.set(team.externalId, team);
  }
  return [...byId.values()];
}

/** Brings the person's provider teams in line with the claim, in one transaction. */
export async function syncExternalTeams(
  db: Kysely<Database>,
  userId: number,
  issuer: string,
  teams: readonly ExternalTeam[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const repo = new ExternalTeamsRepo(trx);
    const existing = new Map(
      (
        await repo.findByExternalIds(
          issuer,
          teams.map((t) => t.externalId),
        )
      ).map((row) => [row.external_id, row]),
    );
    const named: number[] = [];
    for (const team of teams) {
      const fields = { name: team.name, description: team.description, is_public: team.isPublic };
      const row = existing.get(team.externalId);
      if (!row) {
        named.push((await repo.insert(issuer, team.externalId, fields, userId)).id);
        continue;
      }
      named.push(row.id);
      if (
        row.name !== fields.name ||
        row.description !== fields.description ||
        !!row.is_public !== fields.is_public
      )
        await repo.update(row.id, fields);
    }
    const current = await repo.memberOf(userId, issuer);
    await repo.join(
      named.filter((id) => !current.includes(id)),
      userId,
    );
    await repo.leave(
      current.filter((id) => !named.includes(id)),
      userId,
    );
  });
}
