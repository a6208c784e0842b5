export * from './events.js';
export * from './internal-address.js';
export * from './internal-allowance.js';
