/**
 * The password inputs of the account forms: required without an asterisk (the show/hide toggle's
 * name and tab stop come from the theme, app/theme.ts). A new password also says the length it
 * must have and lets password managers suggest one.
 */
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account-validation';

export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput required withAsterisk={false} {...props} />;
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
