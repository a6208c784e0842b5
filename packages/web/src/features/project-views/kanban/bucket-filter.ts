/**
 * One bucket's part of a board: `bucket_id = {id}` ANDed with the board's filter, so a filtered
 * board pages on through a bucket's matching tasks only.
 */
import type { BoardFilter } from '../../../api/buckets';
import { andFilters } from '../../filters/and-filters';

export function bucketFilter(board: BoardFilter, bucketId: number): BoardFilter {
  return { ...board, filter: andFilters(board.filter, `bucket_id = ${bucketId}`) };
}
