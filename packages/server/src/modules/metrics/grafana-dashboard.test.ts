/** The example Grafana dashboard (docs/grafana-dashboard.json) asks only for metrics Ordo has. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import './gauge-sources.js';
import { registry } from './registry.js';

const dashboardFile = resolve(import.meta.dirname, '../../../../../docs/grafana-dashboard.json');
const SERIES_SUFFIX = /_(bucket|count|sum)$/;

describe('the example Grafana dashboard', () => {
  it('queries metric names that /metrics has', async () => {
    const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8')) as {
      panels: { targets?: { expr: string }[] }[];
    };
    const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    expect(exprs.length).toBeGreaterThan(10);
    const known = new Set((await registry.getMetricsAsJSON()).map((metric) => metric.name));
    const asked = new Set(exprs.flatMap((expr) => expr.match(/\b(ordo|process|nodejs)_[a-z0-9_]+/g) ?? []));
    const unknown = [...asked].filter(
      (name) => !known.has(name) && !known.has(name.replace(SERIES_SUFFIX, '')),
    );
    expect(unknown).toEqual([]);
    // Every metric of Ordo's own is on the dashboard.
    const ours = [...known].filter((name) => name.startsWith('ordo_'));
    const shown = new Set([...asked].map((name) => name.replace(SERIES_SUFFIX, '')));
    expect(ours.filter((name) => !shown.has(name))).toEqual([]);
  });
});
