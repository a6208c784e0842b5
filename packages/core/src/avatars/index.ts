export * from './default-avatar.js';
export * from './initials.js';
export * from './marble.js';
export * from './name-hash.js';
export * from './providers.js';
