/**
 * The login screen as HTML, which the server sends to a first visit of `/login` so the form is on
 * screen before the app's code has arrived (server: http/login-screen.ts). Built on its own into
 * dist/ssr (`vite build --ssr`, see package.json); the app takes the screen over once it has
 * loaded (app/prerendered-login.ts). It is the same shell and page the app draws, in the language
 * the app would start in for the visitor's browser, for the server's own configuration (`GET /info`)
 * and API address.
 */
import { MantineProvider } from '@mantine/core';
import { resolveLanguage } from '@ordo/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { assumeApiUrl } from '../api/api-url';
import { toCamel } from '../api/case-conversion';
import { queryKeys } from '../api/query-keys';
import type { ServerInfo } from '../api/types';
import { RoutesWithMatches } from '../app/route-matches';
import { SignedOutShell } from '../app/shell/signed-out-shell';
import { appTheme, cssVariablesResolver, themeTexts } from '../app/theme';
import { LoginPage } from '../features/auth/login-page';
import { bundledEnglish } from '../i18n/bundled-english';
import { offeredCodes, offeredLanguages } from '../i18n/languages';

export interface LoginScreenInput {
  /** The server's `GET /info` answer, as it is sent (snake_case). */
  info: unknown;
  /** The API address the page is served for, e.g. `https://ordo.example.com/api/v1`. */
  apiUrl: string;
  /** One of the offered language codes (`screenLanguage`); English when left out. */
  language?: string;
  /**
   * Mantine's theme variables and global classes as <style> elements. The server leaves them out:
   * they are part of the screen's style sheet (scripts/login-screen-styles.mjs), made to follow
   * the system's colour scheme before the app sets one.
   */
  withThemeStyles?: boolean;
}

const routes = [
  {
    element: <SignedOutShell />,
    children: [{ path: 'login', element: <LoginPage />, handle: { title: 'auth.login.title' } }],
  },
];

export interface LoginScreen {
  /** The screen's markup, for the root element. */
  html: string;
  /** For `<html lang dir>`, as the app sets them (i18n.ts). */
  language: string;
  dir: 'ltr' | 'rtl';
}

/**
 * The language the app starts in for a browser whose first language is `browserLanguage` (its
 * `navigator.language`, the first of its Accept-Language): the app's own choice (i18n.ts).
 */
export function screenLanguage(browserLanguage: string | undefined): string {
  return resolveLanguage(browserLanguage, offeredCodes);
}

export async function renderLoginScreen({
  info,
  apiUrl,
  language = 'en',
  withThemeStyles = false,
}: LoginScreenInput): Promise<LoginScreen> {
  const offered = offeredLanguages.find((l) => l.code === language);
  if (!offered) throw new Error(`${language} is not an offered language`);
  const resources: Record<string, { translation: Record<string, unknown> }> = {
    en: { translation: bundledEnglish() },
  };
  // English fills in any text the catalogue lacks, as in the app.
  if (offered.catalogue) resources[language] = { translation: (await offered.catalogue()).default };
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    load: 'currentOnly',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.info, toCamel<ServerInfo>(info));
  // A module-wide setting: made right before the synchronous render, after the last await, so
  // drawings for two addresses at once cannot take each other's.
  assumeApiUrl(apiUrl);
  const screen = renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={appTheme(themeTexts((key) => i18n.t(key)))}
        defaultColorScheme="auto"
        cssVariablesResolver={cssVariablesResolver}
        withCssVariables={withThemeStyles}
        withGlobalClasses={withThemeStyles}
      >
        <QueryClientProvider client={queryClient}>
          <StaticRouter location="/login">
            <RoutesWithMatches routes={routes} />
          </StaticRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  // Until the app has loaded its buttons (log in, each provider's) can do nothing, so they show as
  // disabled; and a disabled submit button keeps Enter from sending the form the browser's way (a
  // GET with the password in the address). The app's own screen enables them.
  return {
    html: screen.replace(/<button(?=[^>]*\bmantine-Button-root\b)/g, '<button disabled=""'),
    language,
    dir: i18n.dir(language),
  };
}
