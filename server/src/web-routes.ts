import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { matchPage, type PageMatch } from '@bilmarknaden/shared/page-paths';
import { adMetaTags } from './ad-meta.ts';
import { imagePreloadTag, pageDataScript, readPageData, type PageData } from './page-data.ts';
import { withStyleNonce } from './security-headers.ts';

// Never answered with the SPA. For /assets: a missing script of an older build must fail as one (the app then
// reloads once, apps/web/src/app/load-page.ts), not run index.html as JavaScript.
const NON_PAGE_PREFIXES = ['/api/', '/files/', '/healthz', '/assets/'];

/** How long a page waits for its data before it is sent without (the app then asks for the data itself). */
const PAGE_DATA_DEADLINE_MS = 1000;

/**
 * Filled in by webRoutes: the page answer for a page path with a malformed percent-encoding. Fastify answers
 * those before any route or hook (its `frameworkErrors`, server/src/app.ts), so they reach the SPA only this way.
 */
export interface PageAnswers {
  malformed?: (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

/**
 * The SPA: hashed assets cached for good, and index.html for every other GET so that deep links open the app. A page
 * carries its first API answers (page-data.ts), so its first screen needs no round trip after the entry script;
 * its status is the screen's (404 for no such page, ad or seller), so crawlers see what a visitor sees.
 */
export async function webRoutes(app: FastifyInstance, opts: { webDist: string; pages?: PageAnswers }): Promise<void> {
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
    // index.html only ever goes out through sendPage: with its status, data and style nonce.
    allowedPath: (pathName) => !/^\/?index\.html$/.test(pathName),
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
  const render = (page: PageData | null, nonce: string): string => {
    let html = indexHtml;
    if (page?.car) {
      const meta = adMetaTags(page.car);
      html = html.replace(/<title>[^<]*<\/title>/, () => meta);
    }
    const head = `${styleNonceTag(nonce)}${page?.lcpImage ? imagePreloadTag(page.lcpImage) : ''}`;
    const data = page && page.answers.length > 0 ? pageDataScript(page.answers) : '';
    return html.replace('</head>', () => `${head}</head>`).replace('</body>', () => `${data}</body>`);
  };

  /** index.html with the status the path earns: 400 malformed, 404 no page (or no such ad or seller), else 200. */
  const sendPage = async (req: FastifyRequest, reply: FastifyReply, malformed = false) => {
    let match: PageMatch | null = null;
    if (!malformed) {
      try {
        match = matchPage(req.url.split('?', 1)[0]!);
      } catch {
        malformed = true;
      }
    }
    const page = match
      ? await withDeadline(readPageData(app, req.url, match), PAGE_DATA_DEADLINE_MS).catch((err: unknown) => {
          app.log.warn({ err, url: req.url }, 'page data not read');
          return null;
        })
      : null;
    const status = malformed ? 400 : !match || match.page === 'notFound' || page?.missing ? 404 : 200;
    // Fresh for every page, so no one can write a style element the page accepts (a per-answer policy, below).
    const nonce = randomBytes(16).toString('base64');
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', withStyleNonce(policy, nonce));
    reply
      .code(status)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    const html = render(page, nonce);
    // Compressed like the assets, since the page carries its data.
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (encoding === 'br') return reply.header('Content-Encoding', 'br').send(brotli(html));
    if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  };

  app.setNotFoundHandler((req, reply) => {
    if (isPageRequest(req)) return sendPage(req, reply);
    return reply.code(404).send({ message: 'Sidan eller resursen finns inte' });
  });
  if (opts.pages) opts.pages.malformed = (req, reply) => sendPage(req, reply, true);
}

/** A browser asking for a page of the app (not the API, photos or assets): answered with index.html. */
export function isPageRequest(req: FastifyRequest): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && !NON_PAGE_PREFIXES.some((p) => req.url.startsWith(p));
}

/**
 * The style nonce for the app (apps/web/src/lib/style-nonce.ts hands it to react-remove-scroll through get-nonce).
 * In a `nonce` attribute, which Chromium hides from the DOM's attribute readers and CSS selectors.
 */
function styleNonceTag(nonce: string): string {
  return `<meta property="csp-nonce" nonce="${nonce}">`;
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
