import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage } from './create-storage.ts';
import { fileStorageContract, readAll } from './file-storage.contract.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage, type S3StorageOptions } from './s3-storage.ts';

// A real S3-compatible server (s3rver, from npm) on a free port of 127.0.0.1. It runs in a child process
// because its list paging uses DES, which Node 20's OpenSSL 3 offers only with --openssl-legacy-provider.
const S3RVER_SCRIPT = `
const S3rver = require(process.env.S3RVER_PATH);
const server = new S3rver({
  address: '127.0.0.1', port: 0, silent: true, directory: process.env.S3RVER_DIR,
  configureBuckets: [{ name: 'photos' }, { name: 'other-photos' }],
});
server.run().then(({ port }) => process.stdout.write(JSON.stringify({ port }) + '\\n'));
process.stdin.on('end', () => server.close().then(() => process.exit(0)));
process.stdin.resume();
`;
let server: ChildProcess;
let directory: string;
let endpoint: string;
const clients: S3FileStorage[] = [];
let counter = 0;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'bilmarknaden-s3rver-'));
  server = spawn(process.execPath, ['--openssl-legacy-provider', '-e', S3RVER_SCRIPT], {
    env: { ...process.env, S3RVER_PATH: createRequire(import.meta.url).resolve('s3rver'), S3RVER_DIR: directory },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    server.once('exit', (code) => reject(new Error(`s3rver exited (${code})`)));
  });
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const client of clients) client.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.stdin!.end();
    await exited;
  }
  await rm(directory, { recursive: true, force: true });
});

function storage(options: Partial<S3StorageOptions> = {}): S3FileStorage {
  const s3 = new S3FileStorage({
    bucket: 'photos',
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: `test-${++counter}/`,
    ...options,
  });
  clients.push(s3);
  return s3;
}

fileStorageContract('S3FileStorage', () => storage(), { observableAtomicReplace: false });

describe('S3FileStorage', () => {
  it('keeps to its prefix: other objects in the bucket are not listed', async () => {
    const a = storage({ prefix: 'shared/a' });
    const b = storage({ prefix: 'shared/a-b/' });
    await a.put('1-1-1.jpeg', Buffer.from('a'), 'image/jpeg');
    await b.put('1-1-1.jpeg', Buffer.from('b'), 'image/jpeg');
    const keys: string[] = [];
    for await (const key of a.list()) keys.push(key);
    expect(keys).toEqual(['1-1-1.jpeg']);
    expect((await readAll((await a.get('1-1-1.jpeg'))!.body)).toString()).toBe('a');
  });

  it('works without a prefix', async () => {
    const s3 = storage({ bucket: 'other-photos', prefix: undefined });
    await s3.put('2-1-1.jpeg', Buffer.from('x'), 'image/jpeg');
    const keys: string[] = [];
    for await (const key of s3.list()) keys.push(key);
    expect(keys).toEqual(['2-1-1.jpeg']);
  });

  it('lists every key over several pages', async () => {
    const s3 = storage({ listPageSize: 7 });
    const keys: string[] = [];
    for (let car = 1; car <= 3; car++) for (let n = 1; n <= 8; n++) keys.push(`${car}-1-${n}.jpeg`);
    await Promise.all(keys.map((key) => s3.put(key, Buffer.from(key), 'image/jpeg')));
    const listed: string[] = [];
    for await (const key of s3.list()) listed.push(key);
    expect(listed.sort()).toEqual(keys.sort());
  });

  it('stores the content type and an ETag', async () => {
    const s3 = storage();
    await s3.put('3-1-1.jpeg', Buffer.from('jpeg bytes'), 'image/jpeg');
    const file = await s3.get('3-1-1.jpeg');
    expect(file!.etag).toMatch(/^".+"$/);
    file!.body.destroy();
  });

  it('fails loudly (not "missing") when the bucket does not exist', async () => {
    const s3 = storage({ bucket: 'no-such-bucket' });
    await expect(s3.get('1-1-1.jpeg')).rejects.toThrow();
    await expect(s3.put('1-1-1.jpeg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
  });
});

describe('createFileStorage', () => {
  it('uses the local folder $DATA_DIR/files without S3 settings', () => {
    const created = createFileStorage({ dataDir: '/tmp/data' });
    expect(created).toBeInstanceOf(LocalFileStorage);
    expect((created as LocalFileStorage).dir).toBe(path.resolve('/tmp/data/files'));
  });

  it('uses the bucket when S3 settings are given', async () => {
    const created = createFileStorage({
      dataDir: '/tmp/data',
      s3: { bucket: 'photos', endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', prefix: 'created' },
    });
    expect(created).toBeInstanceOf(S3FileStorage);
    clients.push(created as S3FileStorage);
    await created.put('4-1-1.jpeg', Buffer.from('via settings'), 'image/jpeg');
    expect((await readAll((await created.get('4-1-1.jpeg'))!.body)).toString()).toBe('via settings');
  });
});
