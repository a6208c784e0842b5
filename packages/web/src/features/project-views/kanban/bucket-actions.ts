/** What a bucket asks of the board (kanban-view.tsx): its changes, loading and opening cards. */
import type { Task } from '../../../api/tasks';
import type { BoardBucket } from './board-state';

export interface BucketActions {
  rename: (bucketId: number, title: string) => void;
  setLimit: (bucketId: number, limit: number) => void;
  toggleDone: (bucketId: number, done: boolean) => void;
  makeDefault: (bucketId: number) => void;
  toggleCollapsed: (bucketId: number) => void;
  remove: (bucket: BoardBucket) => void;
  loadMore: (bucketId: number) => void;
  openTask: (task: Task) => void;
  cardsAdded: (tasks: Task[]) => void;
}
