#!/usr/bin/env node
// First and largest paint as Chromium observes them, the moment the first task row or card is
// drawn, and the total blocking time of its long tasks (counted as Lighthouse counts it, from the
// first paint), at 4× CPU slowdown and without network
// throttling: what a slow phone on a fast network sees, which Lighthouse's simulation (bench/
// lighthouse.mjs) does not always show, as it models the page's requests rather than timing them.
// Each page is opened `--runs` times in a fresh tab with the cache off; the medians are printed.
// `--latency <ms>` and `--kbps <n>` add a slow network (e.g. 150 and 1600, Lighthouse's slow 4G
// downlink, here both ways), applied to every request as Chromium's network emulation does, not simulated.
// `--cold` bypasses the service worker an earlier run installed (without it, a repeat visit).
// `--compare <dist>` serves a second built web app (e.g. an older build) beside packages/web/dist
// and alternates the two, so both see the same moments of a noisy host.
//   node bench/first-paint.mjs [--pages login,home,list,kanban,task] [--runs 6] [--compare dir]
//     [--latency ms] [--kbps n] [--cold]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { median } from './lib/rounds.mjs';
import { seededApp } from './lib/web-pages.mjs';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: 'login,home,list,kanban,task' },
    runs: { type: 'string', default: '6' },
    compare: { type: 'string' },
    cpu: { type: 'string', default: '4' },
    latency: { type: 'string', default: '0' },
    kbps: { type: 'string' },
    cold: { type: 'boolean', default: false },
  },
});
const root = new URL('..', import.meta.url).pathname;
const builds = [resolve(root, 'packages/web/dist'), ...(values.compare ? [resolve(values.compare)] : [])];

/** Opens `path` signed in (unless it is the login page) and reads its paint entries. */
async function paints(browser, app, path, signedIn) {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 412, height: 823, isMobile: true });
    if (signedIn) {
      await page.goto(`${app.ordo.base}/api/v1/info`);
      await page.evaluate((token) => localStorage.setItem('token', token), app.token);
      // With the cookie the app keeps beside a session (core: signed-in-hint.ts), as a signed-in browser.
      await page.setCookie({ name: 'ordo_signed_in', value: '1', url: app.ordo.base });
    }
    const cdp = await page.createCDPSession();
    // The network settings below hold only while the domain is enabled.
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // A first visit: the service worker installed by an earlier run does not answer.
    if (values.cold) await cdp.send('Network.setBypassServiceWorker', { bypass: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.cpu) });
    if (Number(values.latency) > 0 || values.kbps) {
      const bytesPerSecond = values.kbps ? (Number(values.kbps) * 1000) / 8 : -1;
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: Number(values.latency),
        downloadThroughput: bytesPerSecond,
        uploadThroughput: bytesPerSecond,
      });
    }
    await page.evaluateOnNewDocument(() => {
      window.__paints = { tasks: [] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.name === 'first-contentful-paint') window.__paints.fcp = entry.startTime;
          if (entry.entryType === 'largest-contentful-paint') window.__paints.lcp = entry.startTime;
          if (entry.entryType === 'longtask') window.__paints.tasks.push([entry.startTime, entry.duration]);
        }
      }).observe({ entryTypes: ['paint', 'largest-contentful-paint', 'longtask'] });
      // The first task row or card in the page, at the next frame: when the page's own data shows,
      // which its largest paint may not be (on the list that is the filter input).
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-task-id]')) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          window.__paints.firstTask = performance.now();
        });
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${app.ordo.base}${path}`, { waitUntil: 'networkidle0' });
    // The largest paint is final once the page has settled.
    await new Promise((done) => setTimeout(done, 800));
    const { fcp, lcp, tasks, firstTask } = await page.evaluate(() => window.__paints);
    return { fcp, lcp, tbt: blockingAfter(fcp, tasks), firstTask };
  } finally {
    await page.close();
  }
}

/**
 * Total blocking time as Lighthouse counts it, from the long tasks Chromium observed: each task's
 * time past 50 ms, from the first contentful paint on (a task running at that paint counts from
 * there), until the page settled.
 */
function blockingAfter(fcp, tasks) {
  if (!Number.isFinite(fcp)) return undefined;
  let total = 0;
  for (const [start, duration] of tasks) {
    const counted = start + duration - Math.max(start, fcp);
    if (counted > 50) total += counted - 50;
  }
  return total;
}

const apps = [];
const browser = await puppeteer.launch({
  executablePath: process.env.ORDO_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox'],
});
try {
  for (const [i, dist] of builds.entries()) {
    process.env.ORDO_WEB_DIST = dist;
    apps.push(await seededApp(3560 + i));
  }
  for (const name of values.pages.split(',')) {
    const samples = builds.map(() => []);
    for (let run = 0; run < Number(values.runs); run++) {
      for (const [i, app] of apps.entries()) {
        samples[i].push(await paints(browser, app, app.paths[name], name !== 'login'));
      }
    }
    for (const [i, dist] of builds.entries()) {
      // A run whose paint entry did not arrive is left out rather than counted as a number.
      const of = (key) => Math.round(median(samples[i].map((s) => s[key]).filter(Number.isFinite)));
      const fcp = of('fcp');
      const lcp = of('lcp');
      const tbt = of('tbt');
      const firstTask = samples[i].some((s) => Number.isFinite(s.firstTask))
        ? `, first task ${of('firstTask')} ms`
        : '';
      console.log(
        `${name.padEnd(7)} FCP ${fcp} ms, LCP ${lcp} ms${firstTask}, TBT ${tbt} ms (median of ${values.runs}, ${values.cpu}× CPU${Number(values.latency) ? `, ${values.latency} ms RTT` : ''}${values.kbps ? `, ${values.kbps} kbit/s` : ''})  ${dist.replace(root, '')}`,
      );
    }
  }
} finally {
  await browser.close();
  for (const app of apps) await app.ordo.stop();
}
