export * from './permission-catalogue.js';
export * from './route-names.js';
