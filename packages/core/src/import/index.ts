export * from './iso-duration.js';
export * from './rrule-repeat.js';
