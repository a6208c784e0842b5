/**
 * Keeps a signed-in session alive (spec 1 §4, §9): 5 s after start and on every window focus the
 * token is checked; an expired one ends the session (the guard then shows login), one with under
 * an hour left is renewed with `POST /user/token`.
 */
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../api/api-error';
import { renewToken } from '../../api/auth';
import { getToken, replaceToken, tokenExpiry } from '../../api/auth-token';
import { errorText } from '../../i18n/error-text';
import { dropSession } from './session-actions';
import { decideSessionCheck, FIRST_RENEWAL_DELAY_MS } from './session-timing';

export function SessionKeeper() {
  const { t } = useTranslation();
  const lastCheck = useRef<number | null>(null);
  const running = useRef(false);

  useEffect(() => {
    async function check() {
      const token = getToken();
      if (!token || running.current) return;
      const now = Date.now();
      const decision = decideSessionCheck({
        expirySeconds: tokenExpiry(token),
        nowMs: now,
        lastCheckMs: lastCheck.current,
      });
      if (decision === 'skip') return;
      lastCheck.current = now;
      if (decision === 'expired') {
        dropSession();
        return;
      }
      if (decision !== 'renew') return;
      running.current = true;
      try {
        const { token: renewed } = await renewToken();
        if (getToken() === token) replaceToken(renewed);
      } catch (error) {
        if (isApiRequestError(error)) dropSession();
        else {
          notifications.show({
            color: 'red',
            title: t('notice.error'),
            message: t('auth.renewFailed', { cause: errorText(error, t) }),
          });
        }
      } finally {
        running.current = false;
      }
    }

    const timer = window.setTimeout(check, FIRST_RENEWAL_DELAY_MS);
    window.addEventListener('focus', check);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('focus', check);
    };
  }, [t]);

  return null;
}
