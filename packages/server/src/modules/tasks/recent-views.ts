/**
 * The views task lists were last read through, each with the custom fields its filter was read
 * with. A list through a view reads the view before it can build its page, one PostgreSQL round
 * trip after another; with the view as it was last read, the list starts its first reads (the
 * page and its count, a board's buckets) in the same trip as the rights check and the view.
 *
 * Nothing here is trusted. The early reads are used only when the same trip found the right, and
 * the view and its fields unchanged (every column alike); otherwise they are dropped and the list
 * goes on from what the trip read, as it would without a guess. A view is remembered only after
 * a caller's right to read its project was checked, so an early read is one some reader of the
 * project asked for before.
 */
import type { ProjectViewRow } from '../../db/schema.js';
import type { CustomFieldScope } from '../custom-fields/filter-scope.js';

export interface RecentView {
  view: ProjectViewRow;
  fields: CustomFieldScope;
}

/** Views remembered per server process; the least recently listed goes first. */
const REMEMBERED_VIEWS = 2000;

export class RecentViews {
  private readonly views = new Map<number, RecentView>();

  constructor(private readonly limit = REMEMBERED_VIEWS) {}

  get(viewId: number): RecentView | undefined {
    return this.views.get(viewId);
  }

  /** Called with what a list read when its guess did not hold (or it had none). */
  remember(view: ProjectViewRow, fields: CustomFieldScope): void {
    this.views.delete(view.id);
    this.views.set(view.id, { view, fields });
    if (this.views.size > this.limit) this.views.delete(this.views.keys().next().value as number);
  }
}

/** Does the view read now match the guess, in every column, and the project's fields too? */
export function guessHolds(guess: RecentView, view: ProjectViewRow, fields: CustomFieldScope): boolean {
  return sameRow(guess.view, view) && guess.fields.sameAs(fields);
}

function sameRow(a: ProjectViewRow, b: ProjectViewRow): boolean {
  const keys = Object.keys(a) as (keyof ProjectViewRow)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => sameValue(a[key], b[key]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return Object.is(a, b);
}
