export * from './mentions.js';
