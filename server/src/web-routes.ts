import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { adMetaTags } from './ad-meta.ts';
import { imagePreloadTag, pageDataScript, readPageData, type PageData } from './page-data.ts';

// Never answered with the SPA. For /assets: a missing script of an older build must fail as one (the app then
// reloads once, apps/web/src/app/load-page.ts), not run index.html as JavaScript.
const NON_PAGE_PREFIXES = ['/api/', '/files/', '/healthz', '/assets/'];

/** How long a page waits for its data before it is sent without (the app then asks for the data itself). */
const PAGE_DATA_DEADLINE_MS = 1000;

/**
 * The SPA: hashed assets with long caching, and index.html for every other GET so deep links like
 * /car/12 open the app (with the ad's title in the meta tags for link previews). Home and ad pages also
 * carry their first API answers and fetch their largest photo from the head (page-data.ts), so the first
 * screen needs no round trip after the entry script.
 */
export async function webRoutes(app: FastifyInstance, opts: { webDist: string }): Promise<void> {
  const indexFile = path.join(opts.webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist: opts.webDist }, 'web app not built: run `npm run build`');
  }
  const indexHtml = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><html lang="sv"><title>Bilmarknaden</title></html>';

  await app.register(fastifyStatic, {
    root: opts.webDist,
    wildcard: false,
    index: false,
    serve: existsSync(opts.webDist),
    cacheControl: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  if (existsSync(opts.webDist)) {
    // Files at the top of dist (favicon, robots.txt) and the hashed assets.
    app.get('/assets/*', (req, reply) => reply.sendFile(`assets/${(req.params as { '*': string })['*']}`));
  }

  // Replacements are functions: ads' text must never be read as `$&`-style patterns.
  const render = (page: PageData | null): string => {
    if (!page) return indexHtml;
    let html = indexHtml;
    if (page.car) {
      const meta = adMetaTags(page.car);
      html = html.replace(/<title>[^<]*<\/title>/, () => meta);
    }
    const head = page.lcpImage ? imagePreloadTag(page.lcpImage) : '';
    const data = pageDataScript(page.answers);
    return html.replace('</head>', () => `${head}</head>`).replace('</body>', () => `${data}</body>`);
  };

  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const page = await withDeadline(readPageData(app, req.url), PAGE_DATA_DEADLINE_MS).catch((err: unknown) => {
      app.log.warn({ err, url: req.url }, 'page data not read');
      return null;
    });
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    const html = render(page);
    // The page carries its data now (several KB): compressed like the assets, at a cost of well under a millisecond.
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (encoding === 'br') return reply.header('Content-Encoding', 'br').send(brotli(html));
    if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  };

  app.setNotFoundHandler((req, reply) => {
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') && !NON_PAGE_PREFIXES.some((p) => req.url.startsWith(p));
    if (isPage) return sendIndex(req, reply);
    return reply.code(404).send({ message: 'Sidan eller resursen finns inte' });
  });
}

/** The promise's value, or null when it takes longer than ms. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const brotli = (text: string) =>
  brotliCompressSync(text, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: text.length },
  });

/** 'br', else 'gzip', when the Accept-Encoding header allows it (a q of 0 refuses). */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
