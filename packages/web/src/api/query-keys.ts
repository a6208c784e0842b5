/** TanStack Query keys, in one place so invalidation cannot miss a spelling. */
export const queryKeys = {
  info: ['info'] as const,
  currentUser: ['user'] as const,
  generalSettings: ['user', 'settings', 'general'] as const,
  timezones: ['user', 'timezones'] as const,
};
