export * from './csv/index.js';
export * from './iso-duration.js';
export * from './rrule-repeat.js';
export * from './todoist-date.js';
