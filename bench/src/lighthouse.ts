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
  /** 0–100, median of the measured runs; null when no run could be measured. */
  performance: number | null;
  accessibility: number | null;
  runs: Scores[];
  /** Attempts Lighthouse could not measure (its `runtimeError`, e.g. NO_FCP): not scores of 0. */
  failedAttempts: { code: string; message: string }[];
  metrics: Record<string, number>;
  /** Audits that failed in the last measured run (accessibility) or cost time (performance opportunities). */
  failedAccessibilityAudits: string[];
  opportunities: { id: string; savingsMs: number }[];
}

interface Scores {
  performance: number;
  accessibility: number;
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : null);

/**
 * Tries per run. Lighthouse reports a page it could not measure (no paint seen, page hung) as a
 * runtimeError with every score 0; that is a failed measurement, so it is tried again and named.
 */
export const ATTEMPTS_PER_RUN = 3;

/**
 * One run: up to ATTEMPTS_PER_RUN tries of `audit`. Returns the first measured result (null when none was)
 * and the errors of the tries that were not.
 */
export async function measureRun(audit: () => Promise<Result['lhr']>): Promise<{
  lhr: Result['lhr'] | null;
  failed: LighthousePage['failedAttempts'];
}> {
  const failed: LighthousePage['failedAttempts'] = [];
  for (let attempt = 0; attempt < ATTEMPTS_PER_RUN; attempt++) {
    const lhr = await audit();
    if (!lhr.runtimeError) return { lhr, failed };
    failed.push({ code: lhr.runtimeError.code, message: lhr.runtimeError.message });
  }
  return { lhr: null, failed };
}

export async function runLighthouse(pages: { name: string; url: string }[], runs = 1): Promise<LighthousePage[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const out: LighthousePage[] = [];
    for (const page of pages) {
      const scores: Scores[] = [];
      const failedAttempts: LighthousePage['failedAttempts'] = [];
      let lhr: Result['lhr'] | null = null;
      for (let i = 0; i < runs; i++) {
        const run = await measureRun(async () => {
          const result = await lighthouse(page.url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
          });
          if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
          return result.lhr;
        });
        failedAttempts.push(...run.failed);
        if (!run.lhr) continue;
        lhr = run.lhr;
        const c = lhr.categories;
        scores.push({
          performance: Math.round((c.performance?.score ?? 0) * 100),
          accessibility: Math.round((c.accessibility?.score ?? 0) * 100),
        });
      }
      const audits = lhr?.audits ?? {};
      const metric = (id: string) => Math.round(audits[id]?.numericValue ?? -1);
      out.push({
        name: page.name,
        url: page.url,
        performance: median(scores.map((s) => s.performance)),
        accessibility: median(scores.map((s) => s.accessibility)),
        runs: scores,
        failedAttempts,
        metrics: {
          fcpMs: metric('first-contentful-paint'),
          lcpMs: metric('largest-contentful-paint'),
          tbtMs: metric('total-blocking-time'),
          cls1000: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000),
          speedIndexMs: metric('speed-index'),
        },
        failedAccessibilityAudits: (lhr?.categories.accessibility?.auditRefs ?? [])
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
