/** The secret of a CalDAV token just made: shown this once, with a copy button. */
import { useTranslation } from 'react-i18next';
import { CreatedSecret } from '../../../ui/created-secret';

export function CreatedCaldavToken({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <CreatedSecret
      secret={secret}
      testId="new-caldav-token"
      onDone={onDone}
      texts={{
        title: t('settings.caldav.createdTitle'),
        warning: t('settings.caldav.createdWarning'),
        copy: t('settings.caldav.copy'),
        copied: t('settings.caldav.copied'),
        done: t('settings.caldav.done'),
      }}
    />
  );
}
