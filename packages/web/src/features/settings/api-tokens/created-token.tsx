/** The secret of an API token just made: shown this once, with a copy button. */
import { useTranslation } from 'react-i18next';
import type { ApiToken } from '../../../api/api-tokens';
import { CreatedSecret } from '../../../ui/created-secret';

export function CreatedToken({ token, onDone }: { token: ApiToken; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <CreatedSecret
      secret={token.token ?? ''}
      testId="new-api-token"
      onDone={onDone}
      texts={{
        title: t('settings.apiTokens.createdTitle', { title: token.title }),
        warning: t('settings.apiTokens.createdWarning'),
        copy: t('settings.apiTokens.copy'),
        copied: t('settings.apiTokens.copied'),
        done: t('settings.apiTokens.done'),
      }}
    />
  );
}
