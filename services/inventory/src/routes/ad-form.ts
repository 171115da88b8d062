import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES, MAX_IMAGES } from '@bilmarknaden/shared/constants';
import { IMAGE_MESSAGES, isImageFieldName } from '@bilmarknaden/shared/validation/images';
import type { MultipartFile } from '@fastify/multipart';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { MESSAGES } from '../errors.ts';
import type { AdForm } from '../services/ad-service.ts';

export const FORM_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: MAX_IMAGES,
  // The 15 ad fields (with the kommun and the registration number), one per equipment item (41) plus room for
  // stray ones a client sends (ignored); more is not a form of ours.
  fields: 80,
  // A description of 2,500 characters in UTF-8 fits; a longer value is cut and then fails its length rule.
  fieldSize: 16 * 1024,
  fieldNameSize: 100,
  parts: 100,
  headerPairs: 100,
} as const;

/** The multipart parser's limit errors as the specification's answers (the plugin's `translateError`). */
export function multipartError(err: unknown): unknown {
  const code = (err as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new DomainError('too-large', IMAGE_MESSAGES.tooLarge, { field: 'images' });
    case 'FST_FILES_LIMIT':
      return new DomainError('invalid', IMAGE_MESSAGES.tooMany, { field: 'images' });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new DomainError('too-large', MESSAGES.tooManyFields);
    case 'FST_PROTO_VIOLATION':
      return new DomainError('invalid', MESSAGES.badRequest);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new DomainError('unsupported', MESSAGES.notMultipart);
    case 'FST_MP_PREMATURE_CLOSE':
      return new DomainError('invalid', MESSAGES.badRequest);
    default:
      return err;
  }
}

/** A file part's bytes as they arrive; 413 when it passed the size limit (the parser cuts it there). */
async function readChunks(part: MultipartFile): Promise<{ chunks: Buffer[]; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
  }
  if (part.file.truncated) throw new DomainError('too-large', IMAGE_MESSAGES.tooLarge, { field: 'images' });
  return { chunks, size };
}

/**
 * Reads the request's multipart form into memory, the limits enforced while streaming, and hands the service
 * plain data: nothing is stored here, the service validates everything before any row or file is written.
 */
export async function readAdForm(request: FastifyRequest): Promise<AdForm> {
  if (!request.isMultipart()) throw new DomainError('unsupported', MESSAGES.notMultipart);
  const fields: Record<string, string> = Object.create(null);
  // Repeated, one part per item as a form's checkboxes send them; null until the first arrives.
  let equipment: string[] | null = null;
  const files: Buffer[][] = [];
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      if (part.type === 'file') {
        // Only `images[0]` … `images[7]`, as the form sends them; the upload order decides the photo number.
        if (!isImageFieldName(part.fieldname)) {
          part.file.resume();
          throw new DomainError('invalid', IMAGE_MESSAGES.fieldName, { field: 'images' });
        }
        const { chunks, size } = await readChunks(part);
        // A file input left empty is sent as a part without name and bytes: not a photo.
        if (size === 0 && !part.filename) continue;
        if (files.length >= MAX_IMAGES) throw new DomainError('invalid', IMAGE_MESSAGES.tooMany, { field: 'images' });
        files.push(chunks);
      } else if (part.fieldname === 'equipment' || !(part.fieldname in fields)) {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        // PostgreSQL text cannot hold U+0000: refused here rather than failing in the query as a 500.
        if (value.includes('\u0000')) throw new DomainError('invalid', MESSAGES.badRequest, { field: part.fieldname });
        if (part.fieldname === 'equipment') (equipment ??= []).push(value);
        else fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  return { fields, equipment, files };
}
