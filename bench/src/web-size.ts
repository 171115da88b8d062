// The JavaScript the home page loads before it can render: the entry script of index.html, its
// modulepreloads, the home route's chunk, and every chunk those import statically (dynamic imports excluded).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface WebSize {
  files: { file: string; bytes: number; gzip: number }[];
  bytes: number;
  gzip: number;
  homeChunk: string | null;
}

/** `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`; not `import("./x.js")`. */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) found.add(m[1]!);
  return [...found];
}

export function homeJavaScript(dist: string): WebSize {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const roots = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map(
    (m) => m[1]!.replace(/^\//, ''),
  );
  const assets = path.join(dist, 'assets');
  const homeChunk = existsSync(assets) ? (readdirSync(assets).find((f) => /^home-[\w-]+\.js$/.test(f)) ?? null) : null;
  if (homeChunk) roots.push(`assets/${homeChunk}`);

  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = path.normalize(queue.shift()!);
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const spec of staticImports(code)) queue.push(path.join(path.dirname(file), spec));
  }
  const files = [...seen].map((file) => {
    const data = readFileSync(path.join(dist, file));
    return { file, bytes: data.length, gzip: gzipSync(data).length };
  });
  return {
    files,
    bytes: files.reduce((s, f) => s + f.bytes, 0),
    gzip: files.reduce((s, f) => s + f.gzip, 0),
    homeChunk,
  };
}
