/**
 * A stable 32-bit number from a name (FNV-1a over its UTF-16 code units). Generated avatars take
 * their colours and shapes from it, so a user looks the same on every device and server.
 */
export function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
