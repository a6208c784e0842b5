export * from './date-layout.js';
export * from './delimiter.js';
export * from './fields.js';
export * from './values.js';
