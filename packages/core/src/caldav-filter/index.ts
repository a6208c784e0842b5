export * from './filter.js';
export * from './instances.js';
