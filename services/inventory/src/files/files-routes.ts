import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '@bilmarknaden/db/database';
import { photoService } from '../services/photo-service.ts';
import { parsePhotoName } from '../storage/file-keys.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { INT_MAX } from '@bilmarknaden/shared/schemas/id-schemas';

export const FILE_NOT_FOUND_MESSAGE = 'Bilden finns inte';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface FilesRoutesOptions {
  db: Queryable;
  storage: FileStorage;
}

type FileRequest = FastifyRequest<{ Params: { name: string }; Querystring: { v?: unknown } }>;

/**
 * Serves ad photos at the specification's names (`{carId}-{n}.jpeg`, `{carId}-{n}-card.jpeg`), registered at
 * prefix `/files`: the ad's current photo version (decision 028), for visible ads and n ≤ its photo count. The
 * web app asks with `?v={imageVersion}` (none for version 1): that answer never changes, so it is cached for a
 * year; any other is revalidated, so a replaced photo is never served stale.
 */
export async function filesRoutes(app: FastifyInstance, opts: FilesRoutesOptions): Promise<void> {
  const photos = photoService(opts);

  const notFound = (reply: FastifyReply) =>
    reply.code(404).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send({
      message: FILE_NOT_FOUND_MESSAGE,
    });

  app.setNotFoundHandler((_request, reply) => notFound(reply));

  app.route<{ Params: { name: string }; Querystring: { v?: unknown } }>({
    method: ['GET', 'HEAD'],
    url: '/:name',
    schema: {
      summary: 'An ad photo (JPEG), full size or the small card variant',
      tags: ['files'],
      params: {
        type: 'object',
        properties: { name: { type: 'string', description: '{carId}-{n}.jpeg or {carId}-{n}-card.jpeg, n = 1…8' } },
        required: ['name'],
      },
    },
    handler: async (request: FileRequest, reply) => {
      // Only photo names reach the database and the store: no path, no dots, no other extension.
      const photo = parsePhotoName(request.params.name);
      if (!photo || photo.carId > INT_MAX) return notFound(reply);
      const found = await photos.open(photo);
      if (!found) return notFound(reply);
      const { version, file } = found;
      const asked = request.query.v ?? '1';

      reply
        .header('content-type', 'image/jpeg')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', asked === String(version) ? IMMUTABLE : 'no-cache')
        .header('content-security-policy', "default-src 'none'; sandbox")
        // Public photos: the web app may be served from another origin.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
      if (file.etag) {
        reply.header('etag', file.etag);
        if (matchesEtag(request.headers['if-none-match'], file.etag)) {
          file.body.destroy();
          return reply.code(304).send();
        }
      }
      reply.header('content-length', String(file.size));
      if (request.method === 'HEAD') {
        file.body.destroy();
        return reply.send();
      }
      return reply.send(file.body);
    },
  });
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}
