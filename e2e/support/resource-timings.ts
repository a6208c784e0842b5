import type { Page } from '@playwright/test';

export interface ResourceTiming {
  name: string;
  startTime: number;
  responseEnd: number;
}

/** The page's requests so far, as its Performance timeline records them. */
export function resourceTimings(page: Page): Promise<ResourceTiming[]> {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      name: entry.name,
      startTime: entry.startTime,
      responseEnd: (entry as PerformanceResourceTiming).responseEnd,
    })),
  );
}
