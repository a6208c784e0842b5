/**
 * The checkbox of a task row or card (done, picked): one native input drawn to look like Mantine's
 * Checkbox, for the lists, boards and tables that draw rows as they scroll into view.
 *
 * Why not Mantine's `Checkbox` there: it is six elements, and it renders twice as it appears (its
 * `useId` sets a random id in a layout effect, even when given an id, so every new row paid a
 * second, synchronous render). On the 10,000-task list at 4× CPU slowdown scrolling went from
 * about 33 to 45 frames a second with this box (bench/scroll.mjs). Forms, menus and anything with
 * a label keep Mantine's.
 */
import { forwardRef, type InputHTMLAttributes } from 'react';
import classes from './row-checkbox.module.css';

export type RowCheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size'> & {
  /** Mantine's sizes: xs 16 px, sm 20 px, md 24 px. */
  size?: 'xs' | 'sm' | 'md';
  /** A round box (a task's done box in lists), else the theme's default corners. */
  round?: boolean;
  /** Every row names its box: there is no visible label. */
  'aria-label': string;
};

export const RowCheckbox = forwardRef<HTMLInputElement, RowCheckboxProps>(function RowCheckbox(
  { size = 'sm', round = false, className, ...input },
  ref,
) {
  return (
    <input
      ref={ref}
      type="checkbox"
      className={`mantine-focus-auto ${classes.box}${className ? ` ${className}` : ''}`}
      data-size={size}
      data-round={round || undefined}
      {...input}
    />
  );
});
