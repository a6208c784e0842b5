export * from './errors.js';
export * from './user-settings.js';
export * from './version.js';
export * from './api-dates.js';
export * from './rights/rights.js';
export * from './date-math/index.js';
export * from './quick-add/index.js';
export * from './filter/index.js';
