import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { MAX_IMAGE_BYTES } from '@bilmarknaden/shared/constants';

/** Fetches a photo a dealer's feed names by URL (decision 060); throws PhotoFetchError with a Swedish reason. */
export interface PhotoFetcher {
  fetch(url: string): Promise<Buffer>;
}

export class PhotoFetchError extends Error {}

export interface PhotoFetcherOptions {
  /** At most this many bytes (the form's photo limit by default). */
  maxBytes?: number;
  /** The whole fetch, connection to last byte (10 s by default). */
  timeoutMs?: number;
  /** Addresses of private, loopback and link-local networks are refused unless this is set (tests, a closed network). */
  allowPrivateNetworks?: boolean;
}

/** Loopback, private, link-local, carrier-grade NAT, unspecified and unique-local addresses. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

/** True for an address the fetcher refuses by default (an IPv4-mapped IPv6 address counts as its IPv4 one). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The default fetcher: node's HTTP(S) client with the size and time limits, no redirects, and a DNS lookup that
 * refuses private addresses in the connection itself (so a name cannot resolve to one after a check).
 */
export function httpPhotoFetcher(opts: PhotoFetcherOptions = {}): PhotoFetcher {
  const maxBytes = opts.maxBytes ?? MAX_IMAGE_BYTES;
  const timeoutMs = opts.timeoutMs ?? 10_000;

  const lookup = (
    hostname: string,
    options: object,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      if (!opts.allowPrivateNetworks && list.some((a) => isPrivateAddress(a.address))) {
        return callback(new PhotoFetchError('adressen är inte tillåten'), '');
      }
      const all = (options as { all?: boolean }).all;
      if (all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };

  return {
    fetch(url: string): Promise<Buffer> {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return Promise.reject(new PhotoFetchError('ogiltig adress'));
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        return Promise.reject(new PhotoFetchError('adressen ska börja med http:// eller https://'));
      }
      if (!opts.allowPrivateNetworks && isIP(parsed.hostname.replace(/^\[|\]$/g, '')) !== 0) {
        if (isPrivateAddress(parsed.hostname.replace(/^\[|\]$/g, ''))) {
          return Promise.reject(new PhotoFetchError('adressen är inte tillåten'));
        }
      }
      return new Promise<Buffer>((resolve, reject) => {
        const send = parsed.protocol === 'https:' ? httpsRequest : httpRequest;
        const req = send(parsed, { method: 'GET', lookup, timeout: timeoutMs }, (res: IncomingMessage) => {
          if (res.statusCode !== 200) {
            res.resume();
            reject(new PhotoFetchError(`svarade ${res.statusCode}`));
            return;
          }
          const declared = Number(res.headers['content-length']);
          if (Number.isFinite(declared) && declared > maxBytes) {
            res.destroy();
            reject(new PhotoFetchError('bilden är för stor'));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              res.destroy();
              reject(new PhotoFetchError('bilden är för stor'));
              return;
            }
            chunks.push(chunk);
          });
          res.on('end', () => resolve(Buffer.concat(chunks)));
          res.on('error', (err) => reject(err));
        });
        // The whole fetch, not only a quiet socket.
        const timer = setTimeout(() => req.destroy(new PhotoFetchError('tog för lång tid')), timeoutMs);
        req.on('timeout', () => req.destroy(new PhotoFetchError('tog för lång tid')));
        req.on('error', (err) =>
          reject(err instanceof PhotoFetchError ? err : new PhotoFetchError('kunde inte hämtas')),
        );
        req.on('close', () => clearTimeout(timer));
        req.end();
      });
    },
  };
}
