/**
 * What a service that changes things inside projects is given to announce them after commit, when
 * no event of modules/notifications/events.ts names the change (live-changes.ts delivers them).
 */
import type { ChangeEvent } from './change-event.js';

export type PublishChanges = (...changes: ChangeEvent[]) => void;

/** For wiring without live sockets. */
export const publishNowhere: PublishChanges = () => {};
