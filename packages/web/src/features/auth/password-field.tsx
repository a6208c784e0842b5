/**
 * The password inputs of the account forms: required without an asterisk, with a labelled
 * show/hide toggle. A new password also says the length it must have and lets password managers
 * suggest one.
 */
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account-validation';

/**
 * The show/hide button of a password input: named for screen readers, and reachable with Tab so
 * that someone on a keyboard can check what they typed (Mantine leaves it out of the tab order).
 */
export function revealToggleProps(t: TFunction) {
  return { 'aria-label': t('auth.login.togglePassword'), tabIndex: 0 };
}

export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleButtonProps={revealToggleProps(t)}
      required
      withAsterisk={false}
      {...props}
    />
  );
}

export function NewPasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordField
      description={t('auth.register.passwordHint', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
      autoComplete="new-password"
      {...props}
    />
  );
}
