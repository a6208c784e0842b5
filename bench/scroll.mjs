#!/usr/bin/env node
// Scrolling long lists in the browser: the list view of a 10,000-task project, its table view and
// a board of 5 × 2,000 cards, in Debian's Chromium driven by playwright-core. Each page is scrolled
// one step per animation frame for `--seconds`; frame times come from requestAnimationFrame (the
// Performance API's clock), and the task rows in the DOM are counted at every frame.
//   node bench/scroll.mjs [--runs 5] [--seconds 5] [--cpu 1]
// Prints, per page, the median over runs of: frames per second, the 95th-percentile frame time,
// the share of frames over 20 ms, and the most task rows in the DOM at once. Targets (issue):
// 60 fps on the list, at most about 100 task rows in the DOM. `--cpu 4` slows the CPU as
// Lighthouse's mobile profile does. Needs `npm run build` first.
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { seededApp } from './lib/web-pages.mjs';

/** Where each page's task rows are, and what scrolls. */
const PAGES = {
  list: { rows: '[role=list] [data-index]', scroller: null },
  table: { rows: 'tbody tr', scroller: null },
  // One bucket scrolled: its cards load page by page as its end comes into view.
  kanban: { rows: '[data-task-id]', scroller: '[data-testid=kanban-bucket]' },
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Runs in the page: scrolls a step per frame for `ms` and reports frame times and row counts. */
function scrollInPage({ rows, scroller, ms, step }) {
  // The element that scrolls: the window, or the first box in `scroller` that scrolls on its own.
  const box = scroller ? document.querySelector(scroller) : null;
  const target = box
    ? [box, ...box.querySelectorAll('*')].find((el) => /auto|scroll/.test(getComputedStyle(el).overflowY))
    : null;
  if (scroller && !target) throw new Error(`nothing scrolls in ${scroller}`);
  return new Promise((resolve) => {
    const frames = [];
    let mostRows = document.querySelectorAll(rows).length;
    const start = performance.now();
    const frame = (now) => {
      frames.push(now);
      mostRows = Math.max(mostRows, document.querySelectorAll(rows).length);
      if (now - start >= ms) {
        const gaps = frames.slice(1).map((t, i) => t - frames[i]);
        resolve({ gaps, mostRows, elapsed: now - frames[0] });
        return;
      }
      if (target) target.scrollBy(0, step);
      else window.scrollBy(0, step);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

async function measure(browser, app, name, { seconds, cpu }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((token) => localStorage.setItem('token', token), app.token);
  // With the cookie the app keeps beside a session (core: signed-in-hint.ts), as a signed-in browser.
  await context.addCookies([{ name: 'ordo_signed_in', value: '1', url: app.ordo.base }]);
  const page = await context.newPage();
  try {
    if (cpu > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    }
    const { rows, scroller } = PAGES[name];
    await page.goto(`${app.ordo.base}${app.paths[name]}`);
    await page.locator(rows).first().waitFor({ timeout: 60_000 });
    // Settled: the first page's requests and renders are not part of the scroll.
    await page.waitForTimeout(1_000);
    const result = await page.evaluate(scrollInPage, { rows, scroller, ms: seconds * 1000, step: 40 });
    const gaps = [...result.gaps].sort((a, b) => a - b);
    return {
      fps: Math.round((result.gaps.length / result.elapsed) * 1000 * 10) / 10,
      p95FrameMs: Math.round(gaps[Math.floor(gaps.length * 0.95)] * 10) / 10,
      slowFramesPct: Math.round((gaps.filter((g) => g > 20).length / gaps.length) * 1000) / 10,
      mostRows: result.mostRows,
    };
  } finally {
    await context.close();
  }
}

export async function runScroll({
  runs = 5,
  seconds = 5,
  cpu = 1,
  pages = Object.keys(PAGES),
  port = 3540,
} = {}) {
  const app = await seededApp(port);
  const browser = await chromium.launch({ executablePath: process.env.ORDO_CHROMIUM ?? '/usr/bin/chromium' });
  const results = {};
  try {
    for (const name of pages) {
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(await measure(browser, app, name, { seconds, cpu }));
      const med = Object.fromEntries(
        Object.keys(samples[0]).map((key) => [key, median(samples.map((s) => s[key]))]),
      );
      results[name] = { median: med, samples };
      console.log(
        `${name.padEnd(6)} ${med.fps} fps, p95 frame ${med.p95FrameMs} ms, ${med.slowFramesPct}% frames > 20 ms, ` +
          `at most ${med.mostRows} task rows in the DOM (median of ${runs}, CPU ×${cpu})`,
      );
    }
  } finally {
    await browser.close();
    await app.ordo.stop();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      seconds: { type: 'string', default: '5' },
      cpu: { type: 'string', default: '1' },
      pages: { type: 'string', default: Object.keys(PAGES).join(',') },
    },
  });
  await runScroll({
    runs: Number(values.runs),
    seconds: Number(values.seconds),
    cpu: Number(values.cpu),
    pages: values.pages.split(','),
  });
}
