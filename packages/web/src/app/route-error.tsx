/** The global error display for anything a page throws while rendering or loading. */
import { Alert, Button, Code, Stack, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/error-text';
import { CenteredScreen } from '../ui/centered-screen';
import { forgetFailedPageLoads } from './failed-page-loads';

interface BoundaryProps {
  /** The address drawn: going elsewhere draws the routes again instead of the error. */
  pathname: string;
  children: ReactNode;
}

/**
 * The address is noted with the error, on the render after it, rather than kept from render to
 * render: a navigation renders as a transition, and when it throws React drops that render's state
 * with it, so an address kept that way would still be the one before and wipe the error at once.
 */
interface BoundaryState {
  /** What a route threw, and the address it was drawn at (null until the next render). */
  failure: { error: unknown; at: string | null } | null;
}

/**
 * Shows RouteError in place of the routes when one throws (a render error, a page's code that did
 * not arrive), until the address changes.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failure: { error, at: null } };
  }

  static getDerivedStateFromProps(
    { pathname }: BoundaryProps,
    { failure }: BoundaryState,
  ): BoundaryState | null {
    if (!failure) return null;
    if (failure.at === null) return { failure: { error: failure.error, at: pathname } };
    if (failure.at === pathname) return null;
    // A page whose code did not arrive is asked for again when next drawn.
    forgetFailedPageLoads();
    return { failure: null };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    const { failure } = this.state;
    return failure ? <RouteError error={failure.error} /> : this.props.children;
  }
}

function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <CenteredScreen>
      <Stack w="100%">
        <Title order={2} ta="center">
          {t('routeError.title')}
        </Title>
        <Alert color="red" role="alert">
          {/* Wrapped, not scrolled: a message may hold a long address (a file that did not arrive). */}
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {errorText(error, t)}
          </Code>
        </Alert>
        <Button onClick={() => window.location.assign('/')}>{t('routeError.reload')}</Button>
      </Stack>
    </CenteredScreen>
  );
}
