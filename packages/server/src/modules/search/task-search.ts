/** The task search's SQL lives in task-search-repo.ts (its statements are snapshotted there). */
export { type RankedMatches, TaskSearch } from './task-search-repo.js';
