// Lighthouse (mobile: the default config, simulated slow 4G and 4× CPU slowdown) on pages of the running server.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--no-first-run',
  '--mute-audio',
];

export interface LighthousePage {
  name: string;
  url: string;
  /** 0–100, median of the runs. */
  performance: number;
  accessibility: number;
  runs: { performance: number; accessibility: number }[];
  metrics: Record<string, number>;
  /** Audits that failed in the last run (accessibility) or cost time (performance opportunities). */
  failedAccessibilityAudits: string[];
  opportunities: { id: string; savingsMs: number }[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function runLighthouse(pages: { name: string; url: string }[], runs = 1): Promise<LighthousePage[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const out: LighthousePage[] = [];
    for (const page of pages) {
      const scores: { performance: number; accessibility: number }[] = [];
      let last: Awaited<ReturnType<typeof lighthouse>>;
      for (let i = 0; i < runs; i++) {
        last = await lighthouse(page.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (!last) throw new Error(`Lighthouse gave no result for ${page.url}`);
        const c = last.lhr.categories;
        scores.push({
          performance: Math.round((c.performance?.score ?? 0) * 100),
          accessibility: Math.round((c.accessibility?.score ?? 0) * 100),
        });
      }
      const lhr = last!.lhr;
      const audits = lhr.audits;
      const metric = (id: string) => Math.round(audits[id]?.numericValue ?? -1);
      out.push({
        name: page.name,
        url: page.url,
        performance: median(scores.map((s) => s.performance)),
        accessibility: median(scores.map((s) => s.accessibility)),
        runs: scores,
        metrics: {
          fcpMs: metric('first-contentful-paint'),
          lcpMs: metric('largest-contentful-paint'),
          tbtMs: metric('total-blocking-time'),
          cls1000: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000),
          speedIndexMs: metric('speed-index'),
        },
        failedAccessibilityAudits: (lhr.categories.accessibility?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id),
        opportunities: Object.values(audits)
          .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 0.9)
          .map((a) => ({
            id: a.id,
            savingsMs: Math.round((a.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0),
          })),
      });
    }
    return out;
  } finally {
    await chrome.kill();
  }
}
