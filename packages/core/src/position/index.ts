export * from './position.js';
