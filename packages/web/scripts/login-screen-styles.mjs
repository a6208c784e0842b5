#!/usr/bin/env node
// After `vite build` and `vite build --ssr src/prerender/login-screen.tsx`: the style sheet of the
// login screen the server draws (dist/ssr/login-screen.css), inlined in its page so the screen
// paints with the page and waits for no file. It is the part of the built style sheets (and of
// Mantine's theme variables) that the screen's elements use, found by Beasties in the screen
// drawn with everything the server's configuration can show (LDAP, providers, a message of the
// day, legal links, registration).
//
// Until the app runs, nothing has set <html data-mantine-color-scheme>, which every colour of
// Mantine's hangs on; so each rule for one scheme applies here while the attribute is missing and
// the system asks for that scheme. The app sets the attribute as it starts and removes this sheet
// once it has drawn the screen itself (app/prerendered-login.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Beasties from 'beasties';
import postcss from 'postcss';

const dist = new URL('../dist', import.meta.url).pathname;
const { renderLoginScreen } = await import(join(dist, 'ssr/login-screen.js'));

const everything = {
  motd: 'Message of the day',
  legal: { imprint_url: 'https://example.com/imprint', privacy_policy_url: 'https://example.com/privacy' },
  auth: {
    local: { enabled: true, registration_enabled: true },
    ldap: { enabled: true },
    openid_connect: { enabled: true, redirect_url: '', providers: [{ name: 'Provider', key: 'provider' }] },
  },
};
let { html } = await renderLoginScreen({
  info: everything,
  apiUrl: 'https://ordo.example.com/api/v1',
  withThemeStyles: true,
});
// Mantine's theme variables and global classes, which the server's pages leave out.
const themeStyles = [];
html = html.replace(/<style data-mantine-styles="(?:true|classes)">([\s\S]*?)<\/style>/g, (_, css) => {
  themeStyles.push(css);
  return '';
});
if (themeStyles.length !== 2)
  throw new Error(`expected Mantine's two theme style elements, found ${themeStyles.length}`);

const assets = join(dist, 'assets');
const sheets = readdirSync(assets)
  .filter((name) => name.endsWith('.css'))
  .sort()
  .map((name) => readFileSync(join(assets, name), 'utf8'));

const SCHEME = /(:root|html)?\[data-mantine-color-scheme=(['"]?)(dark|light)\2\]/g;
const schemesOf = (selector) => [...selector.matchAll(SCHEME)].map((match) => match[3]);

/**
 * Each one-scheme rule becomes a rule for a page whose scheme is not set, under the system's
 * choice of that scheme. The rules for a set scheme are left out: the app sets the attribute in
 * the same moment it removes this sheet.
 */
const followSystemScheme = {
  postcssPlugin: 'ordo-follow-system-scheme',
  Once(root) {
    root.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && /keyframes/.test(rule.parent.name)) return;
      // `:host(…)` is for shadow roots, of which the screen has none.
      const selectors = rule.selectors.filter((selector) => !selector.startsWith(':host'));
      for (const scheme of ['dark', 'light']) {
        const forScheme = selectors
          .filter((selector) => {
            const named = schemesOf(selector);
            return named.length > 0 && named.every((name) => name === scheme);
          })
          .map((selector) => selector.replace(SCHEME, ':root:not([data-mantine-color-scheme])'));
        if (forScheme.length === 0) continue;
        const media = postcss.atRule({ name: 'media', params: `(prefers-color-scheme: ${scheme})` });
        media.append(rule.clone({ selectors: forScheme }));
        rule.after(media);
      }
      const unscheme = selectors.filter((selector) => schemesOf(selector).length === 0);
      if (unscheme.length === 0) rule.remove();
      else rule.selectors = unscheme;
    });
  },
};

/** The entry's sheet and the full one both hold Mantine's base: each rule is kept once. */
const onceEach = {
  postcssPlugin: 'ordo-once-each',
  Once(root) {
    const seen = new Set();
    root.walkRules((rule) => {
      let key = rule.toString();
      for (let parent = rule.parent; parent && parent.type === 'atrule'; parent = parent.parent)
        key = `@${parent.name} ${parent.params}{${key}}`;
      if (seen.has(key)) rule.remove();
      else seen.add(key);
    });
    root.walkAtRules((atRule) => {
      if (atRule.nodes?.length === 0) atRule.remove();
    });
  },
};

// Beasties keeps the rules the screen's elements match. The screen goes in under each scheme, left
// to right and right to left (Arabic, Hebrew), so the rules of all four are kept; the theme's
// variables for each scheme are kept as they are.
const beasties = new Beasties({
  path: dist,
  reduceInlineStyles: true,
  keyframes: 'critical',
  fonts: false,
  // Its compression drops semicolons from Mantine's theme variables.
  compress: false,
  logLevel: 'warn',
  allowRules: [/^:root\[data-mantine-color-scheme/],
});
const page = await beasties.process(
  `<!doctype html><html lang="en"><head><style>${[...themeStyles, ...sheets].join('\n')}</style></head><body>` +
    ['light', 'dark']
      .flatMap((scheme) =>
        ['ltr', 'rtl'].map((dir) => `<div data-mantine-color-scheme="${scheme}" dir="${dir}">${html}</div>`),
      )
      .join('') +
    '</body></html>',
);
const used = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
const critical = (await postcss([followSystemScheme, onceEach]).process(used, { from: undefined })).css;
if (!/prefers-color-scheme: ?dark/.test(critical))
  throw new Error('the dark scheme did not make it into the sheet');
writeFileSync(join(dist, 'ssr/login-screen.css'), critical);
console.log(`login screen style sheet: ${(critical.length / 1024).toFixed(1)} KB`);
