/**
 * The login screen drawn here for a first visit of `/login`, so a slow phone shows the form as
 * soon as the page arrives instead of after the app's code (about 200 KB gzip) has downloaded
 * and run. The web build leaves the drawing code and its style sheet in dist/ssr
 * (packages/web/src/prerender/login-screen.tsx, scripts/login-screen-styles.mjs); the page is
 * index.html with the screen in place of the start screen, the style sheet inline and `GET /info`
 * as data, so the app takes the screen over without asking again (app/prerendered-login.ts).
 *
 * The screen is in the language the app would start in for the visitor's browser (the first of
 * its Accept-Language, as `navigator.language`), decided by the drawing code with the app's own
 * rule, so the app takes it over without a change of language. Visits after the first are answered
 * by the service worker from its copy of index.html.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { isPublicRoute } from '@ordo/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentInfo } from '../modules/info/routes.js';

/** The drawing code's exports (packages/web/src/prerender/login-screen.tsx). */
interface DrawingCode {
  screenLanguage(browserLanguage: string | undefined): string;
  renderLoginScreen(input: {
    info: unknown;
    apiUrl: string;
    language: string;
  }): Promise<{ html: string; language: string; dir: string }>;
}

/** One page in the encodings it is sent in. */
interface Page {
  plain: Buffer;
  gzip: Buffer;
  br: Buffer;
}

// A page per API address, language and configuration, about 100 KB with its compressed copies.
// The Host header names the address, and any client can send any name: past this many pages,
// nothing more is drawn (index.html goes out instead), so made-up names cannot make the server
// draw, at about 15 ms each, on every request, nor hold more than a few MB.
const MOST_PAGES = 64;

/** What the answer for an address that may get the drawn screen depends on. */
export const LOGIN_SCREEN_VARY = 'Accept-Encoding, Accept-Language, Cookie';

/**
 * Whether the screen is drawn for this address, for a browser that holds no session: the login
 * page, and every page that sends such a visitor there (all but the public ones: registration,
 * password reset, link shares). Those only without a query, with which the app may go elsewhere
 * (a provider to sign in with, a mailed link's token).
 */
export function drawsLoginScreen(url: string): boolean {
  const [path = ''] = url.split(/[?#]/, 1);
  return path === '/login' || (!url.includes('?') && !isPublicRoute(path));
}

export interface LoginScreen {
  /** Sends the drawn screen and returns true, or returns false when index.html should go out. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/** The first language the browser asks for: what `navigator.language` says in the page. */
function browserLanguage(acceptLanguage: string | undefined): string | undefined {
  return acceptLanguage?.split(',')[0]?.split(';')[0]?.trim() || undefined;
}

/** index.html's opening tag as the web build writes it; the drawn page sets its own language. */
const BUILT_HTML_TAG = '<html lang="en">';

/**
 * index.html with `screen` in the root element, its style sheet and the configuration it was drawn
 * for, and `<html>` in the screen's language and direction. The start screen between
 * `<div id="root">` and `<noscript>` is replaced.
 */
export function pageWithScreen(
  indexHtml: string,
  screen: { html: string; language: string; dir: string },
  css: string,
  info: unknown,
): string | null {
  const html = indexHtml.indexOf(BUILT_HTML_TAG);
  const root = indexHtml.indexOf('<div id="root">');
  const after = indexHtml.indexOf('<noscript>', root);
  const head = indexHtml.indexOf('</head>');
  if (html < 0 || root < 0 || after < 0 || head < 0 || head > root) return null;
  // `<` as \u003c: the data cannot close its script element, whatever the configuration says.
  const data = JSON.stringify(info).replace(/</g, '\\u003c');
  // Language codes are the app's own (`[a-zA-Z-]`), nothing to escape.
  const direction = screen.dir === 'rtl' ? ' dir="rtl"' : '';
  return (
    indexHtml.slice(0, html) +
    `<html lang="${screen.language}"${direction}>` +
    indexHtml.slice(html + BUILT_HTML_TAG.length, head) +
    `<style data-login-screen>${css}</style>\n` +
    `<script type="application/json" id="ordo-login-info">${data}</script>\n` +
    indexHtml.slice(head, root) +
    `<div id="root" data-prerendered="login">${screen.html}</div>\n    ` +
    indexHtml.slice(after)
  );
}

function compressed(html: string): Page {
  const plain = Buffer.from(html);
  return {
    plain,
    gzip: gzipSync(plain, { level: 9 }),
    br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  };
}

/** The drawn login screen, or null when the web build has none (an older build, a dev server). */
export async function loadLoginScreen(distDir: string, info: CurrentInfo): Promise<LoginScreen | null> {
  const code = join(distDir, 'ssr/login-screen.js');
  const cssFile = join(distDir, 'ssr/login-screen.css');
  if (!existsSync(code) || !existsSync(cssFile)) return null;
  // Loaded at the first visit of /login, not at start: about 70 ms and 13 MB in each server
  // process, which most processes (a busy API, a test) never need.
  let drawing: Promise<DrawingCode> | null = null;
  const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
  const css = readFileSync(cssFile, 'utf8');
  const pages = new Map<string, Promise<Page | null>>();

  function pageFor(
    drawn: DrawingCode,
    apiUrl: string,
    language: string,
    current: unknown,
  ): Promise<Page | null> {
    const key = `${apiUrl}\n${language}\n${JSON.stringify(current)}`;
    let page = pages.get(key);
    if (!page) {
      if (pages.size >= MOST_PAGES) return Promise.resolve(null);
      page = drawn.renderLoginScreen({ info: current, apiUrl, language }).then((screen) => {
        const html = pageWithScreen(indexHtml, screen, css, current);
        return html === null ? null : compressed(html);
      });
      // A failed drawing is not kept: the next visit tries again (and gets index.html meanwhile).
      page.catch(() => pages.delete(key));
      pages.set(key, page);
    }
    return page;
  }

  return {
    async send(request, reply) {
      const apiUrl = `${request.protocol}://${request.host}/api/v1`;
      let page: Page | null;
      try {
        drawing ??= import(pathToFileURL(code).href) as Promise<DrawingCode>;
        const drawn = await drawing;
        const language = drawn.screenLanguage(browserLanguage(request.headers['accept-language']));
        page = await pageFor(drawn, apiUrl, language, await info(request.log));
      } catch (error) {
        request.log.error({ err: error }, 'The login screen could not be drawn; sending index.html');
        return false;
      }
      if (!page) return false;
      // As @fastify/static picks among the build's precompressed files (q-values included).
      const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip']) as
        | 'br'
        | 'gzip'
        | null;
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', LOGIN_SCREEN_VARY);
      if (encoding) reply.header('content-encoding', encoding);
      await reply.send(encoding ? page[encoding] : page.plain);
      return true;
    },
  };
}
