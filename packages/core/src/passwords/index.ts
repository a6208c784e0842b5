export * from './trivial-password.js';
