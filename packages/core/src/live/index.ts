export * from './changes.js';
export * from './presence.js';
export * from './protocol.js';
