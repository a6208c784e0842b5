export * from './repeat.js';
export * from './rrule.js';
