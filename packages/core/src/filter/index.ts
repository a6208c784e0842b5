export * from './filter-ast.js';
export { type FilterClause, findFilterClauses } from './filter-clauses.js';
export * from './filter-editor.js';
export {
  comparatorFits,
  filterFieldKinds,
  filterFieldOf,
  multiValueComparators,
  resolveFilterDate,
} from './filter-fields.js';
export * from './filter-titles.js';
export * from './parse-filter.js';
export * from './print-filter.js';
export * from './upcoming-filter.js';
