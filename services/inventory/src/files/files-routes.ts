import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidFileKey } from '../storage/file-keys.ts';
import type { FileStorage } from '../storage/file-storage.ts';

export const FILE_NOT_FOUND_MESSAGE = 'Bilden finns inte';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface FilesRoutesOptions {
  storage: FileStorage;
}

/**
 * Serves ad photos (`{carId}-{n}.jpeg`, `{carId}-{n}-card.jpeg`), registered at prefix `/files`. A photo
 * never changes under its name (a replaced one gets a new `?v=`), so it is cached for a year.
 */
export async function filesRoutes(app: FastifyInstance, opts: FilesRoutesOptions): Promise<void> {
  const { storage } = opts;

  const notFound = (reply: FastifyReply) =>
    reply.code(404).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send({
      message: FILE_NOT_FOUND_MESSAGE,
    });

  app.setNotFoundHandler((_request, reply) => notFound(reply));

  app.route<{ Params: { name: string } }>({
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
    handler: async (request: FastifyRequest<{ Params: { name: string } }>, reply) => {
      const { name } = request.params;
      // Only photo names reach the store: no path, no dots, no other extension.
      if (!isValidFileKey(name)) return notFound(reply);
      const file = await storage.get(name);
      if (!file) return notFound(reply);

      reply
        .header('content-type', 'image/jpeg')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', IMMUTABLE)
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
