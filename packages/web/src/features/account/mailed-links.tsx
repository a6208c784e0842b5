/**
 * Links mailed to a signed-in user, read when the app opens them (spec 1 §4 "Query parameters
 * read at start"): `accountDeletionConfirm` confirms the account's deletion, shows success and
 * refreshes the user; a `userEmailConfirm` token (kept by the navigation guard) that confirms a
 * changed address is sent here when the user is signed in already, instead of on the login page.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { confirmDeletion } from '../../api/account';
import { confirmEmail } from '../../api/auth';
import { queryKeys } from '../../api/query-keys';
import { showError, showSuccess } from '../../ui/notices';
import { clearEmailConfirmToken, pendingEmailConfirmToken } from '../auth/email-confirmation';

const DELETION_QUERY = 'accountDeletionConfirm';
/** Tokens already sent: a link is used once, however often React runs the effect. */
const sent = new Set<string>();

export function MailedLinks() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const deletionToken = params.get(DELETION_QUERY);
    if (deletionToken) {
      params.delete(DELETION_QUERY);
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
      if (!sent.has(deletionToken)) {
        sent.add(deletionToken);
        confirmDeletion(deletionToken).then(
          () => {
            showSuccess(t, t('settings.deletion.confirmed'));
            void client.invalidateQueries({ queryKey: queryKeys.currentUser, exact: true });
          },
          (error) => showError(t, error),
        );
      }
    }
    const emailToken = pendingEmailConfirmToken();
    if (emailToken && !sent.has(emailToken)) {
      sent.add(emailToken);
      clearEmailConfirmToken();
      confirmEmail(emailToken).then(
        () => {
          showSuccess(t, t('settings.email.confirmed'));
          void client.invalidateQueries({ queryKey: queryKeys.currentUser, exact: true });
        },
        (error) => showError(t, error),
      );
    }
  }, [location.search, location.pathname, navigate, client, t]);

  return null;
}
