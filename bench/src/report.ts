import type { EngineReport } from './main.ts';
import type { IngestResult } from './ingest.ts';
import type { WebSize } from './web-size.ts';
import { MESSAGING_TARGETS } from './messaging.ts';
import type { Engine } from './options.ts';
import { VIEWS_MIN_PCT } from './scenarios.ts';

/** The targets of DESIGN.md, as the table of bench/README.md lists them. */
export const TARGETS = {
  /** Every read scenario on PGlite: its p99. */
  pgliteReadP99Ms: 25,
  /** Every read scenario on PostgreSQL: its req/s as a share of its own ceiling's. */
  postgresPctOfCeiling: 80,
  ingestCpuSeconds: 1.5,
  cardBytes: 30 * 1024,
  homeJsGzipBytes: 150 * 1024,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
  uploadP99Ratio: 2,
} as const;

/**
 * Whether a read scenario meets its engine's target: on PGlite its p99, on PostgreSQL its share of the ceiling;
 * null where a figure is no target on that engine.
 */
export function readTargets(
  engine: Engine,
  p99: number,
  pctOfCeiling: number,
): { meetsP99: boolean | null; meetsCeiling: boolean | null } {
  return engine === 'pglite'
    ? { meetsP99: p99 <= TARGETS.pgliteReadP99Ms, meetsCeiling: null }
    : { meetsP99: null, meetsCeiling: pctOfCeiling >= TARGETS.postgresPctOfCeiling };
}

const READ_TARGET_LINES: Record<Engine, string> = {
  pglite: `target: p99 ≤ ${TARGETS.pgliteReadP99Ms} ms, no errors (the % of the ceiling is a figure here).`,
  postgres: `target: ≥ ${TARGETS.postgresPctOfCeiling} % of the ceiling, no errors.`,
};

const mark = (ok: boolean | null) => (ok === null ? '' : ok ? 'ok' : 'MISS');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r, ri) => {
      const cells = r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)));
      const text = cells.join('  ');
      return ri === 0 ? `${text}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : text;
    })
    .join('\n');
}

export function formatTable(reports: EngineReport[], ingest: IngestResult | null, web: WebSize | null): string {
  const parts: string[] = [];
  for (const r of reports) {
    const rows = [['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ceiling req/s', '% ceiling', 'target']];
    for (const s of r.scenarios) {
      const ceilingErrors = s.ceilingRuns.reduce((n, c) => n + c.errors + c.non2xx, 0);
      const missed = [
        s.meetsP99 === false ? 'p99' : '',
        s.meetsCeiling === false ? '%' : '',
        s.errors + s.non2xx + ceilingErrors > 0 ? 'errors' : '',
      ].filter(Boolean);
      rows.push([
        s.name,
        String(s.rps),
        String(s.p50),
        String(s.p99),
        String(s.errors + s.non2xx),
        String(s.ceiling.rps) + (ceilingErrors > 0 ? ` (${ceilingErrors} errors)` : ''),
        String(s.pctOfCeiling),
        missed.length === 0 ? 'ok' : `MISS ${missed.join(', ')}`,
      ]);
    }
    if (r.uploads) {
      const b = r.uploads.busy;
      rows.push([
        `list page 1 + 4×8-photo uploads`,
        String(b.rps),
        String(b.p50),
        String(b.p99),
        String(b.errors + b.non2xx),
        '',
        '',
        `${r.uploads.ratio}× ${mark(r.uploads.meets)}`,
      ]);
    }
    parts.push(
      `${r.engine}, ${r.ads.toLocaleString('en')} ads, ${r.connections} connections` +
        (r.seedSeconds === null ? '' : `, seeded in ${r.seedSeconds} s`) +
        ` (load average ${r.loadAverage.before.join(' ')} → ${r.loadAverage.after.join(' ')})\n` +
        table(rows) +
        `\nceiling: a bare route in the same process running the scenario's own SQL, the higher of its runs right` +
        ` before and after the scenario.\n${READ_TARGET_LINES[r.engine]}`,
    );
    if (r.priceFacts) {
      const f = r.priceFacts;
      parts.push(
        `Price facts in the detail (${r.engine}): ceiling p99 with them ${f.withP99.join(', ')} ms, without` +
          ` ${f.withoutP99.join(', ')} ms (pairs run back to back); median of the pairs' differences ${f.addedP99Ms} ms` +
          ` (a figure: its target was withdrawn by issue 39)`,
      );
    }
    if (r.views) {
      const v = r.views;
      parts.push(
        `Ad pages (their five API reads) without view counting ${v.withoutPerS.join(', ')} pages/s, with the view` +
          ` the page posts ${v.withPerS.join(', ')} pages/s (${r.engine}, rounds in turn); medians: ${v.pct} % ${mark(v.meets)}` +
          ` (target ≥ ${VIEWS_MIN_PCT} %${v.errors > 0 ? `; ${v.errors} errors` : ''})`,
      );
    }
    const m = r.messaging;
    if (m) {
      const lines = [`Messaging (${r.engine}):`];
      for (const [label, x, target] of [
        [`inbox of 500 conversations, ${r.connections} connections`, m.inbox, MESSAGING_TARGETS.inboxP99Ms],
        [`send message, ${r.connections} connections`, m.send, MESSAGING_TARGETS.sendP99Ms],
      ] as const) {
        if (x) {
          const figures = `  ${label}: ${x.rps} req/s, p50 ${x.p50} ms, p99 ${x.p99} ms, errors ${x.errors + x.non2xx}`;
          lines.push(
            x.meetsP99 === null
              ? `${figures} (no target on ${r.engine})`
              : `${figures} ${mark(x.meetsP99 && x.errors + x.non2xx === 0)} (target p99 ≤ ${target} ms)`,
          );
        }
      }
      if (m.live) {
        const l = m.live;
        lines.push(
          `  ${l.streams} live streams: ${l.heapBytesPerStream} bytes of heap and buffers each, ${l.bytesPerStream} of RSS` +
            ` (${l.rssBeforeMb} → ${l.rssAfterMb} MB);` +
            ` delivery p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms at 100 messages/s` +
            ` (after the 201: p50 ${l.afterAnswerP50} ms, p99 ${l.afterAnswerP99} ms),` +
            ` ${l.delivered}/${l.expectedDeliveries} delivered, ${l.endedEarly} ended early ${mark(l.meets)}` +
            ` (target p99 ≤ ${MESSAGING_TARGETS.deliveryP99Ms} ms, all delivered)`,
        );
      }
      parts.push(lines.join('\n'));
    }
    for (const p of r.lighthouse ?? []) {
      const ok =
        (p.performance ?? 0) >= TARGETS.lighthousePerformance &&
        (p.accessibility ?? 0) >= TARGETS.lighthouseAccessibility;
      parts.push(
        `Lighthouse ${p.name}: ` +
          (p.performance === null
            ? `not measured ${mark(false)}`
            : `performance ${p.performance}, accessibility ${p.accessibility} ${mark(ok)}` +
              ` (LCP ${p.metrics.lcpMs} ms, TBT ${p.metrics.tbtMs} ms, CLS ${(p.metrics.cls1000 ?? 0) / 1000})`) +
          (p.failedAccessibilityAudits.length ? `; failed: ${p.failedAccessibilityAudits.join(', ')}` : '') +
          (p.failedAttempts.length
            ? `; ${p.failedAttempts.length} attempt(s) not measured: ${p.failedAttempts.map((f) => f.code).join(', ')}`
            : ''),
      );
    }
  }
  if (ingest) {
    const maxCard = Math.max(...ingest.cardBytes);
    parts.push(
      `Photo ingest, 8 × 12 MP: ${ingest.cpuSeconds.toFixed(2)} s CPU ${mark(ingest.cpuSeconds <= TARGETS.ingestCpuSeconds)}` +
        ` (wall ${ingest.wallSeconds.toFixed(2)} s); card ${kb(Math.min(...ingest.cardBytes))}–${kb(maxCard)} ${mark(maxCard <= TARGETS.cardBytes)},` +
        ` full ${kb(Math.min(...ingest.fullBytes))}–${kb(Math.max(...ingest.fullBytes))}`,
    );
  }
  if (web) {
    parts.push(
      `Home page JavaScript: ${kb(web.gzip)} gzip (${kb(web.bytes)} raw, ${web.files.length} files) ${mark(web.gzip <= TARGETS.homeJsGzipBytes)}`,
    );
  }
  return parts.join('\n\n');
}
