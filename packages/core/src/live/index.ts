export * from './changes.js';
export * from './protocol.js';
