/**
 * The password a local user gives again to request or download their data export (the settings
 * page and the page the mail leads to). Accounts from a directory or OpenID provider have no
 * password here, so they are asked for none.
 */
import { PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../auth/use-current-user';

export interface ExportPassword {
  /** Whether the user is asked for a password at all. */
  asked: boolean;
  value: string;
  missing: boolean;
  /** What the export calls send: the password, or nothing for accounts without one. */
  secret: string | undefined;
  change(value: string): void;
  clear(): void;
  /** True when the call may go ahead; otherwise the field says the password is required. */
  check(): boolean;
}

export function useExportPassword(): ExportPassword {
  const asked = useSignedInUser().isLocalUser;
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);
  return {
    asked,
    value,
    missing,
    secret: asked ? value : undefined,
    change(next) {
      setValue(next);
      setMissing(false);
    },
    clear: () => setValue(''),
    check() {
      if (asked && !value) {
        setMissing(true);
        return false;
      }
      return true;
    },
  };
}

export function ExportPasswordInput({
  password,
  description,
  autoFocus,
}: {
  password: ExportPassword;
  description?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  if (!password.asked) return null;
  return (
    <PasswordInput
      label={t('settings.dataExport.password')}
      description={description}
      autoComplete="current-password"
      autoFocus={autoFocus}
      value={password.value}
      onChange={(e) => password.change(e.currentTarget.value)}
      error={password.missing ? t('settings.dataExport.passwordRequired') : null}
    />
  );
}
