/**
 * Vikunja's Go server binds JSON into structs: `null` for a number, string or bool field leaves
 * the field at its zero value (0, "", false), and a null list is an empty one. Its clients rely on
 * that (the v0.24 web app's task model sends `"cover_image_attachment_id": null`). Before a body is
 * validated, every null whose schema does not accept null becomes that zero value. Fields whose
 * schema accepts null (dates, where null clears the date; a nullable list) keep it, so null keeps
 * the meaning the service gives it there.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

function typesOf(schema: Schema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** Union branches (TypeBox writes unions as anyOf). */
function branchesOf(schema: Schema): Schema[] {
  return schema.anyOf ?? schema.oneOf ?? [schema];
}

/** A schema without a type, or one whose type or branch is null, takes null as it is. */
function acceptsNull(schema: Schema): boolean {
  return branchesOf(schema).some((branch) => {
    const types = typesOf(branch);
    return types.length === 0 ? !branch.anyOf && !branch.oneOf : types.includes('null');
  });
}

const ZERO_OF: Record<string, () => unknown> = {
  integer: () => 0,
  number: () => 0,
  string: () => '',
  boolean: () => false,
  array: () => [],
};

/** The zero value for a null in this schema's place, or undefined to leave the key out. */
function zeroValue(schema: Schema): unknown {
  for (const branch of branchesOf(schema)) {
    for (const type of typesOf(branch)) {
      const zero = ZERO_OF[type];
      if (zero) return zero();
    }
  }
  // A null object is a nil pointer in Go: as if the key were not sent.
  return undefined;
}

/** The branch of a union that describes a value of this JSON shape. */
function branchFor(schema: Schema, value: unknown): Schema | undefined {
  const shape = Array.isArray(value) ? 'array' : 'object';
  return branchesOf(schema).find((branch) => typesOf(branch).includes(shape));
}

/** Rewrites the nulls of `data` in place, following `schema` (a JSON Schema, e.g. TypeBox's). */
export function nullsToZeroValues(schema: object, data: unknown): void {
  walk(schema as Schema, data);
}

function walk(schema: Schema, data: unknown): void {
  if (data === null || typeof data !== 'object') return;
  const branch = branchFor(schema, data);
  if (!branch) return;
  if (Array.isArray(data)) {
    const { items } = branch;
    if (!items) return;
    for (let i = 0; i < data.length; i++) {
      if (data[i] === null && !acceptsNull(items)) {
        const zero = zeroValue(items);
        if (zero !== undefined) data[i] = zero;
      } else {
        walk(items, data[i]);
      }
    }
    return;
  }
  const record = data as Record<string, unknown>;
  for (const [key, property] of Object.entries(branch.properties ?? {})) {
    if (!Object.hasOwn(record, key)) continue;
    const value = record[key];
    if (value === null && !acceptsNull(property)) {
      const zero = zeroValue(property);
      if (zero === undefined) delete record[key];
      else record[key] = zero;
    } else {
      walk(property, value);
    }
  }
}
