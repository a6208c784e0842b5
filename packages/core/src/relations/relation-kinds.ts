/**
 * Relation kinds and their automatic inverses (reference §4.10): relating A to B as `subtask`
 * makes B's relation to A `parenttask`, and so on. The server writes both; the web app shows both
 * at once for a relation made without a network.
 */
export const RELATION_INVERSES = {
  subtask: 'parenttask',
  parenttask: 'subtask',
  related: 'related',
  duplicateof: 'duplicates',
  duplicates: 'duplicateof',
  blocking: 'blocked',
  blocked: 'blocking',
  precedes: 'follows',
  follows: 'precedes',
  copiedfrom: 'copiedto',
  copiedto: 'copiedfrom',
} as const;

export type RelationKind = keyof typeof RELATION_INVERSES;

export function isRelationKind(kind: string): kind is RelationKind {
  return Object.hasOwn(RELATION_INVERSES, kind);
}
