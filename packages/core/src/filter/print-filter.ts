import type { FilterCondition, FilterNode } from './filter-ast.js';

/**
 * Print a tree back as filter text that parses to the same tree. Text values are always quoted;
 * a junction on the right of another is put in parentheses, since joins apply left to right.
 */
export function printFilter(node: FilterNode): string {
  if (node.type === 'condition') return printCondition(node);
  const right = node.right.type === 'junction' ? `(${printFilter(node.right)})` : printFilter(node.right);
  return `${printFilter(node.left)} ${node.join === 'and' ? '&&' : '||'} ${right}`;
}

function printCondition(condition: FilterCondition): string {
  const values = (condition.values as (string | number | boolean)[]).map((value) =>
    typeof value === 'string' ? quote(value) : String(value),
  );
  const field = condition.custom === undefined ? condition.field : quote(condition.custom, '"');
  return `${field} ${condition.comparator} ${values.join(', ')}`;
}

function quote(value: string, mark = "'"): string {
  return `${mark}${value.replace(/[\\'"]/g, (char) => `\\${char}`)}${mark}`;
}
