export * from './filter-ast.js';
export {
  comparatorFits,
  filterFieldKinds,
  filterFieldOf,
  multiValueComparators,
  resolveFilterDate,
} from './filter-fields.js';
export * from './parse-filter.js';
export * from './print-filter.js';
