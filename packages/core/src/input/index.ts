export * from './field-limits.js';
export * from './nul-text.js';
