import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Database } from '@bilmarknaden/db/database';
import { adMetaTags } from './ad-meta.ts';

const API_PREFIXES = ['/api/', '/files/', '/healthz'];

/**
 * The SPA: hashed assets with long caching, and index.html for every other GET so deep links like
 * /car/12 open the app (with the ad's title in the meta tags for link previews).
 */
export async function webRoutes(app: FastifyInstance, opts: { webDist: string; db: Database }): Promise<void> {
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

  const sendIndex = async (reply: FastifyReply, url: string) => {
    const carId = /^\/car\/(\d{1,10})\/?$/.exec(url.split('?')[0]!)?.[1];
    const meta = carId ? await adMetaTags(opts.db, Number(carId)).catch(() => null) : null;
    const html = meta ? indexHtml.replace(/<title>[^<]*<\/title>/, meta) : indexHtml;
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  app.setNotFoundHandler((req, reply) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !API_PREFIXES.some((p) => req.url.startsWith(p));
    if (isPage) return sendIndex(reply, req.url);
    return reply.code(404).send({ message: 'Sidan eller resursen finns inte' });
  });
}
