/**
 * Arrows between related bars: from the end of the preceding (or blocking) task to the start of
 * the following (or blocked) one. Only arrows touching the rows near the screen are drawn.
 */
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './gantt.module.css';
import type { GanttRow } from './gantt-row';
import type { Arrow, DatedTask } from './gantt-rows';
import { barGeometry, type DateSpan, type DayRange } from './gantt-scale';

/** Rows beyond the drawn ones whose arrows still count (an arrow may cross the screen). */
const REACH = 40;

export function GanttArrows({
  arrows,
  rows,
  first,
  last,
  spanOf,
  range,
  dayWidth,
  rowHeight,
  style,
}: {
  arrows: Arrow[];
  rows: GanttRow[];
  first: number;
  last: number;
  spanOf: (item: DatedTask) => DateSpan;
  range: DayRange;
  dayWidth: number;
  rowHeight: number;
  style: CSSProperties;
}) {
  const { t } = useTranslation();
  if (arrows.length === 0) return null;
  const index = new Map<number, { row: number; item: DatedTask }>();
  rows.forEach((row, i) => {
    if (row.kind === 'dated') index.set(row.item.task.id, { row: i, item: row.item });
  });
  const paths = arrows.flatMap((arrow) => {
    const from = index.get(arrow.from);
    const to = index.get(arrow.to);
    if (!from || !to) return [];
    const low = Math.min(from.row, to.row);
    const high = Math.max(from.row, to.row);
    if (high < first - REACH || low > last + REACH) return [];
    const a = spanOf(from.item);
    const b = spanOf(to.item);
    const start = barGeometry(a.start, a.end, range, dayWidth);
    const end = barGeometry(b.start, b.end, range, dayWidth);
    const x1 = start.left + start.width;
    const y1 = from.row * rowHeight + rowHeight / 2;
    const x2 = end.left;
    const y2 = to.row * rowHeight + rowHeight / 2;
    // When the next bar starts before this one ends, the arrow goes round between the rows.
    const d =
      x2 - 10 >= x1 + 6
        ? `M ${x1} ${y1} H ${x2 - 10} V ${y2} H ${x2 - 2}`
        : `M ${x1} ${y1} H ${x1 + 6} V ${(y1 + y2) / 2} H ${x2 - 10} V ${y2} H ${x2 - 2}`;
    return [{ key: `${arrow.kind}-${arrow.from}-${arrow.to}`, d, kind: arrow.kind }];
  });
  return (
    <svg className={classes.arrows} style={style} aria-hidden="true">
      <title>{t('projectViews.gantt.relations')}</title>
      <defs>
        <ArrowHead id="gantt-arrow" className={classes.arrowHead} />
        <ArrowHead id="gantt-arrow-blocking" className={classes.arrowHeadBlocking} />
      </defs>
      {paths.map((path) => (
        <path
          key={path.key}
          d={path.d}
          className={path.kind === 'blocking' ? classes.arrowBlocking : classes.arrow}
          markerEnd={path.kind === 'blocking' ? 'url(#gantt-arrow-blocking)' : 'url(#gantt-arrow)'}
        />
      ))}
    </svg>
  );
}

/** The head of an arrow: a marker its lines point to by id. */
function ArrowHead({ id, className }: { id: string; className: string | undefined }) {
  return (
    <marker id={id} viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto">
      <path d="M0,0 L8,4 L0,8 z" className={className} />
    </marker>
  );
}
