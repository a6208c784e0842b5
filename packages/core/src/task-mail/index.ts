export * from './mail-dates.js';
export * from './overdue-digest-slot.js';
