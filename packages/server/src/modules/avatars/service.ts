/**
 * Avatars (spec 1 §3, §7; reference §2.3). A user picks who draws their avatar; `upload` keeps a
 * picture in the file store. Anyone signed in (a user, a link share, an API token) may see any
 * user's avatar, as in Vikunja; a link share's pseudo-user has its initials. The answer never
 * carries the e-mail address, not even as the Gravatar hash.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type AvatarProvider,
  avatarSize,
  defaultAvatarSvg,
  initialsSvg,
  isAvatarProvider,
  MANAGED_AVATAR_PROVIDERS,
  marbleSvg,
  SELECTABLE_AVATAR_PROVIDERS,
} from '@ordo/core';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.js';
import { fail, httpError } from '../../http/api-error.js';
import type { FileStore } from '../attachments/files/store.js';
import { NotAnImageError } from '../images/raster.js';
import type { LinkSharesRepo } from '../sharing/link-shares-repo.js';
import { linkShareDisplayName } from '../sharing/serialize.js';
import type { GravatarClient } from './gravatar.js';
import { normalisePicture, resizedPicture } from './picture.js';
import type { AvatarOwner, AvatarsRepo } from './repo.js';

export interface AvatarImage {
  body: Buffer;
  contentType: 'image/png' | 'image/svg+xml';
}

const LINK_SHARE_USERNAME = /^link-share-(\d+)$/;

export class AvatarsService {
  /** Stored pictures drawn at a size, by file id and size: a new upload is a new file id. */
  private readonly drawn = new LRUCache<string, Buffer>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (png) => png.length,
  });

  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: AvatarsRepo,
    private readonly linkShares: LinkSharesRepo,
    private readonly store: FileStore,
    private readonly gravatar: GravatarClient,
  ) {}

  async provider(userId: number): Promise<AvatarProvider> {
    const owner = await this.owner(userId);
    return isAvatarProvider(owner.avatar_provider) ? owner.avatar_provider : 'default';
  }

  /** Sets the provider; only those a user may pick (1018), and not over a managed one (1021). */
  async setProvider(userId: number, provider: unknown): Promise<void> {
    if (!(SELECTABLE_AVATAR_PROVIDERS as readonly unknown[]).includes(provider)) {
      throw fail('invalidAvatarProvider');
    }
    await this.demandUnmanaged(await this.owner(userId));
    await this.repo.setProvider(userId, provider as AvatarProvider);
  }

  /** Stores an uploaded picture and switches the user to `upload`; refuses what is no image (400). */
  async upload(userId: number, bytes: Buffer): Promise<void> {
    await this.demandUnmanaged(await this.owner(userId));
    await this.storePicture(userId, 'upload', bytes);
  }

  /**
   * A picture a directory or identity provider hands over at sign-in (LDAP `jpegPhoto`, the
   * OpenID `picture`): the user's avatar is then managed there. Bytes that are no picture are
   * refused as an upload is (400).
   */
  async storeManagedPicture(userId: number, provider: 'ldap' | 'openid', bytes: Buffer): Promise<void> {
    await this.storePicture(userId, provider, bytes);
  }

  /**
   * The avatar of `username` (a user or a link share's pseudo-user) at a size (default 50).
   * `unknownAsDefault`: a name that is no one gets the default picture instead of 1005, so an
   * avatar served without a token does not tell which usernames exist.
   */
  async image(
    username: string,
    requestedSize: number | undefined,
    { unknownAsDefault = false } = {},
  ): Promise<AvatarImage> {
    const size = avatarSize(requestedSize);
    const unknown = () => {
      if (unknownAsDefault) return svg(defaultAvatarSvg(size));
      throw fail('userDoesNotExist');
    };
    const share = LINK_SHARE_USERNAME.exec(username);
    if (share) {
      const row = await this.linkShares.findForToken(Number(share[1]));
      if (!row) return unknown();
      // The share's own name ("Guests" → G), not the "(Link Share)" its display name adds.
      return svg(initialsSvg(row.name || linkShareDisplayName(row), username, size));
    }
    const owner = await this.repo.ownerByUsername(username);
    if (!owner) return unknown();
    const initials = () => svg(initialsSvg(owner.name || owner.username, owner.username, size));
    switch (owner.avatar_provider) {
      case 'initials':
        return initials();
      case 'marble':
        return svg(marbleSvg(owner.username, size));
      case 'gravatar': {
        const png = await this.gravatar.picture(owner.email, size);
        return png ? { body: png, contentType: 'image/png' } : initials();
      }
      case 'upload':
      case 'ldap':
      case 'openid': {
        const png = owner.avatar_file_id === null ? null : await this.drawStored(owner.avatar_file_id, size);
        if (png) return { body: png, contentType: 'image/png' };
        // A managed avatar without a picture shows the name; an upload not made yet, the default.
        return owner.avatar_provider === 'upload' ? svg(defaultAvatarSvg(size)) : initials();
      }
      default:
        return svg(defaultAvatarSvg(size));
    }
  }

  private async owner(userId: number): Promise<AvatarOwner> {
    const owner = await this.repo.ownerById(userId);
    if (!owner) throw fail('userDoesNotExist');
    return owner;
  }

  private async demandUnmanaged(owner: AvatarOwner): Promise<void> {
    if (MANAGED_AVATAR_PROVIDERS.includes(owner.avatar_provider as AvatarProvider)) {
      throw fail('accountIsNotLocal');
    }
  }

  private async storePicture(userId: number, provider: AvatarProvider, bytes: Buffer): Promise<void> {
    let png: Buffer;
    try {
      png = await normalisePicture(bytes);
    } catch (error) {
      if (error instanceof NotAnImageError) throw httpError(400, 'Uploaded file is no image.');
      throw error;
    }
    const picture = { name: `avatar-${randomUUID()}.png`, mime: 'image/png', size: png.length };
    const { previousFileId } = await this.db.transaction().execute(async (trx) => {
      const replaced = await this.repo.with(trx).replacePicture(userId, provider, picture);
      await this.store.put(replaced.fileId, Readable.from([png]));
      return replaced;
    });
    if (previousFileId !== null) await this.store.remove(previousFileId);
  }

  /** The stored picture at `size`, or null when its bytes are gone or unreadable. */
  private async drawStored(fileId: number, size: number): Promise<Buffer | null> {
    const key = `${fileId}:${size}`;
    const cached = this.drawn.get(key);
    if (cached) return cached;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.store.open(fileId)) chunks.push(chunk as Buffer);
      const png = await resizedPicture(Buffer.concat(chunks), size);
      this.drawn.set(key, png);
      return png;
    } catch {
      return null;
    }
  }
}

function svg(text: string): AvatarImage {
  return { body: Buffer.from(text), contentType: 'image/svg+xml' };
}
