export * from './reminders.js';
