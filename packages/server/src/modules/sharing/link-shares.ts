/**
 * Link shares (reference §2.11, §3.8, §5.16): anyone with the link reaches one project with the
 * share's right, optionally behind a password. Only users manage them: listing needs admin,
 * creating and deleting need write (admin for an admin-right share), and the hash — the share's
 * secret — is shown only to project admins.
 */
import { randomInt } from 'node:crypto';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_BYTES, passwordLengthProblem, Right } from '@ordo/core';
import type { LinkShareRow } from '../../db/schema.js';
import { fail, invalidFields } from '../../http/api-error.js';
import type { Page } from '../../http/pagination.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { TokenSigner } from '../auth/tokens.js';
import type { BruteForceGuard } from '../brute-force/guard.js';
import type { PublishChanges } from '../live/publisher.js';
import { readShareRight, type SharingAccess } from './access.js';
import type { LinkSharesRepo } from './link-shares-repo.js';
import { serializeLinkShare } from './serialize.js';

const HASH_LENGTH = 40;
const HASH_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const NAME_MAX = 250;
/**
 * Link-share passwords follow the account rule (core's passwordLengthProblem, 8–72 bytes): a
 * short one falls to guessing even at a few tries a minute, and bcrypt reads at most 72 bytes.
 */
export const LINK_SHARE_PASSWORD_MIN = PASSWORD_MIN_BYTES;

const SHARING_TYPE_OPEN = 1;
const SHARING_TYPE_PASSWORD = 2;

export interface LinkShareInput {
  name?: string;
  right?: unknown;
  password?: string;
}

function randomHash(): string {
  let hash = '';
  for (let i = 0; i < HASH_LENGTH; i++) hash += HASH_ALPHABET[randomInt(HASH_ALPHABET.length)];
  return hash;
}

export class LinkSharesService {
  constructor(
    private readonly access: SharingAccess,
    private readonly shares: LinkSharesRepo,
    private readonly tokens: TokenSigner,
    private readonly guard: BruteForceGuard,
    private readonly publish: PublishChanges,
  ) {}

  async list(userId: number, projectId: number, input: { page: Page; s?: string }) {
    await this.access.demand(userId, projectId, Right.admin);
    const { rows, total } = await this.shares.list(projectId, {
      search: input.s?.trim() || undefined,
      limit: input.page.limit,
      offset: input.page.offset,
    });
    return { items: await this.serialize(rows, true), total };
  }

  async read(userId: number, projectId: number, shareId: number) {
    const { right } = await this.access.demand(userId, projectId, Right.read);
    const share = await this.shares.findInProject(projectId, shareId);
    if (!share) throw fail('projectShareDoesNotExist');
    const [serialized] = await this.serialize([share], right === Right.admin);
    return { share: serialized, right };
  }

  async create(userId: number, projectId: number, input: LinkShareInput) {
    const { right: callerRight } = await this.access.demand(userId, projectId, Right.write);
    const right = readShareRight(input.right);
    if (right > callerRight) throw fail('forbidden');
    const name = (input.name ?? '').trim();
    const password = input.password ?? '';
    const lengthProblem = password ? passwordLengthProblem(password) : null;
    if (lengthProblem === 'tooShort') {
      throw fail('linkSharePasswordTooShort', [LINK_SHARE_PASSWORD_MIN]);
    }
    const problems: string[] = [];
    if ([...name].length > NAME_MAX) problems.push(`name: ${name} does not validate as runelength(0|250)`);
    if (lengthProblem === 'tooLong')
      problems.push(`password: does not validate as length(0|${PASSWORD_MAX_BYTES})`);
    if (problems.length > 0) throw invalidFields(problems);
    const share = await this.shares.insert({
      hash: randomHash(),
      name,
      project_id: projectId,
      right,
      sharing_type: password ? SHARING_TYPE_PASSWORD : SHARING_TYPE_OPEN,
      password_hash: password ? await hashPassword(password) : '',
      shared_by_id: userId,
    });
    this.publish({ change: 'project.shares.changed', projectId, actorId: userId });
    const [serialized] = await this.serialize([share], true);
    return serialized;
  }

  /** Deleting takes the right needed to create the share; its tokens stop working at once. */
  async delete(userId: number, projectId: number, shareId: number): Promise<void> {
    const { right } = await this.access.demand(userId, projectId, Right.write);
    const share = await this.shares.findInProject(projectId, shareId);
    if (!share) throw fail('projectShareDoesNotExist');
    if (share.right > right) throw fail('forbidden');
    await this.shares.delete(share.id);
    this.publish({ change: 'project.shares.changed', projectId, actorId: userId });
  }

  /**
   * `POST /shares/:hash/auth`: a link-share token for the share, checking its password. Wrong
   * passwords back off per share and per client address (modules/brute-force).
   */
  async authenticate(hash: string, password: string | undefined, ip: string) {
    const share = hash.length <= HASH_LENGTH ? await this.shares.findByHash(hash) : undefined;
    // An unknown hash is a share that does not exist (Vikunja: 3006, 404).
    if (!share) throw fail('projectShareDoesNotExist');
    if (share.sharing_type === SHARING_TYPE_PASSWORD) {
      if (!password) throw fail('linkSharePasswordRequired');
      const attempt = await this.guard.begin({ account: `share:${share.id}`, ip });
      if (!(await verifyPassword(password, share.password_hash))) throw fail('linkSharePasswordInvalid');
      await attempt.succeeded();
    }
    const [serialized] = await this.serialize([share], true);
    return { token: await this.token(share), ...serialized, shared_by: null, project_id: share.project_id };
  }

  /** A fresh token for the share (`POST /user/token` with a link-share token). */
  async renew(share: LinkShareRow): Promise<{ token: string }> {
    return { token: await this.token(share) };
  }

  private token(share: LinkShareRow): Promise<string> {
    return this.tokens.signLinkShare({
      id: share.id,
      hash: share.hash,
      project_id: share.project_id,
      right: share.right,
      sharedByID: share.shared_by_id,
    });
  }

  private async serialize(rows: LinkShareRow[], showHash: boolean) {
    const sharers = await this.shares.usersByIds(rows.map((r) => r.shared_by_id));
    return rows.map((row) =>
      serializeLinkShare(
        row,
        sharers.find((u) => u.id === row.shared_by_id),
        showHash,
      ),
    );
  }
}
