/** Spec 2 §3: unset 0, low 1, medium 2, high 3, urgent 4, do now 5; the i18n keys under `tasks.priority`. */
export const priorityNames = ['unset', 'low', 'medium', 'high', 'urgent', 'doNow'] as const;
