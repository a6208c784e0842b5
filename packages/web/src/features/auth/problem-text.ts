import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account-validation';

/**
 * Turns a field's problem (an i18n key, or null) into its text; the password length problems
 * name the limits.
 */
export function useProblemText(): (key: string | null) => string | null {
  const { t } = useTranslation();
  return (key) => (key ? t(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }) : null);
}
