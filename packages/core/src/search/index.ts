export * from './task-search-terms.js';
