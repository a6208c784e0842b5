/** Wraps every route: the update banner, the document title, and the navigation guard. */
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../ui/delayed-loader';
import { NavigationGuard } from './navigation/navigation-guard';
import { useRouteMatches } from './route-matches';
import { routeTitleKey } from './route-title';
import { UpdateBanner } from './shell/banners';

export function RootLayout() {
  const { t } = useTranslation();
  const titleKey = routeTitleKey(useRouteMatches());
  const title = titleKey ? t(titleKey) : '';
  useEffect(() => {
    document.title = title ? `${title} | Ordo` : 'Ordo';
  }, [title]);
  return (
    <>
      <UpdateBanner />
      {/* The shells load on first use (routes.tsx). */}
      <Suspense fallback={<DelayedLoader label={t('ready.loading')} minHeight="100vh" />}>
        <NavigationGuard />
      </Suspense>
    </>
  );
}
