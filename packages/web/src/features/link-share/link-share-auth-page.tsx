/**
 * The link-share screen (spec 1 §2 "Link-share screen", route link-share.auth): authenticates
 * from the share in the path at once; a password-protected share (13001) asks for the password.
 * Success goes to the last visited page the share can reach, or the view named by `view`, or the
 * project, always with the share hash in the URL. `logoVisible=false` hides the logo.
 */
import { Button, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiRequestError } from '../../api/api-error';
import { setMemoryToken } from '../../api/auth-token';
import { authenticateLinkShare } from '../../api/link-share-auth';
import { fetchProject } from '../../api/projects';
import { queryKeys } from '../../api/query-keys';
import { clearLastVisited, peekLastVisited } from '../../app/navigation/last-visited';
import { queryClient } from '../../app/query-client';
import { errorText } from '../../i18n/error-text';
import { DelayedLoader } from '../../ui/delayed-loader';
import { FormError } from '../auth/form-error';
import { PasswordField } from '../auth/password-field';
import { destinationAfterAuth, viewNamed } from './link-share-routes';
import { setLinkShareLogoVisible, useLinkShareSession } from './link-share-session';

const PASSWORD_REQUIRED = 13001;
const PASSWORD_INVALID = 13002;

export function LinkShareAuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hash = useParams().share ?? '';
  const [params] = useSearchParams();
  const session = useLinkShareSession();
  const [needsPassword, setNeedsPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const viewQuery = params.get('view');
  const logoVisible = params.get('logoVisible') !== 'false';

  async function authenticate(withPassword: string) {
    setBusy(true);
    setError(null);
    try {
      const auth = await authenticateLinkShare(hash, withPassword);
      // Read before the session starts: once signed in, the guard forgets the return target.
      const lastVisited = peekLastVisited();
      clearLastVisited();
      // Nothing cached for an earlier session in this tab may show through.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.info[0] });
      setLinkShareLogoVisible(logoVisible);
      setMemoryToken(auth.token);
      const project = viewQuery ? await fetchProject(auth.projectId).catch(() => null) : null;
      const view = project ? viewNamed(project.views ?? [], viewQuery) : null;
      navigate(destinationAfterAuth({ projectId: auth.projectId, hash, lastVisited, view }), {
        replace: true,
      });
    } catch (failure) {
      setBusy(false);
      if (isApiRequestError(failure) && failure.code === PASSWORD_REQUIRED) {
        setNeedsPassword(true);
      } else if (isApiRequestError(failure) && failure.code === PASSWORD_INVALID) {
        setNeedsPassword(true);
        setError(t('linkShare.invalidPassword'));
      } else {
        setError(errorText(failure, t) || t('linkShare.error'));
      }
    }
  }

  // Once per visit: the share in the path is tried without a password straight away. A visitor
  // already in this share's session goes on without authenticating again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on arrival
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (session?.hash === hash) {
      const lastVisited = peekLastVisited();
      clearLastVisited();
      navigate(destinationAfterAuth({ projectId: session.projectId, hash, lastVisited, view: null }), {
        replace: true,
      });
      return;
    }
    void authenticate('');
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!password) return;
    void authenticate(password);
  }

  return (
    <Stack gap="md">
      <FormError error={error} />
      {needsPassword ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('linkShare.passwordHint')}
            </Text>
            <PasswordField
              label={t('linkShare.password')}
              name="password"
              autoComplete="current-password"
              autoFocus
              leftSection={<IconLock size={16} />}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={submitted && !password ? t('auth.validation.passwordRequired') : null}
            />
            <Button type="submit" loading={busy} fullWidth mt="xs">
              {t('linkShare.submit')}
            </Button>
          </Stack>
        </form>
      ) : (
        busy && <DelayedLoader label={t('linkShare.authenticating')} minHeight={120} />
      )}
    </Stack>
  );
}
