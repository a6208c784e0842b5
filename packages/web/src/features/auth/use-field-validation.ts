/**
 * Field validation that starts 100 ms after the field first loses focus (spec 1 §5), then
 * follows the value as the user corrects it.
 */
import { useEffect, useRef, useState } from 'react';
import { VALIDATION_DELAY_MS } from './account-validation';

export function useFieldValidation(value: string, validate: (value: string) => string | null) {
  const [checked, setChecked] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const problem = validate(value);
  return {
    /** The i18n key to show, once the field has been left. */
    problem: checked ? problem : null,
    valid: problem === null,
    onBlur: () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setChecked(true), VALIDATION_DELAY_MS);
    },
    showNow: () => setChecked(true),
    /** Back to untouched, for a form emptied after it was sent: no "required" on empty fields. */
    reset: () => {
      window.clearTimeout(timer.current);
      setChecked(false);
    },
  };
}
