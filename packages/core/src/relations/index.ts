export * from './relation-kinds.js';
