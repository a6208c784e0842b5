/** TanStack Query keys, in one place so invalidation cannot miss a spelling. */
export const queryKeys = {
  info: ['info'] as const,
  currentUser: ['user'] as const,
  generalSettings: ['user', 'settings', 'general'] as const,
  timezones: ['user', 'timezones'] as const,
  projects: ['projects'] as const,
  project: (id: number) => ['projects', id] as const,
  /** Every page query of one view starts with this, so invalidating it refreshes them all. */
  viewTasks: (projectId: number, viewId: number) => ['tasks', 'view', projectId, viewId] as const,
  tasks: ['tasks'] as const,
  /** A task's comments: here rather than with the other task keys, for the offline outbox. */
  taskComments: (taskId: number) => ['tasks', 'detail', taskId, 'comments'] as const,
};
