export * from './colors.js';
