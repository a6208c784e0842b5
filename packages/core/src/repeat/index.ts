export * from './repeat.js';
