// The uploading clients in a process of their own. They stand for other people's phones: their work (sending
// 24 MB multipart bodies, encoded once) must not run on the event loop of the load generator that measures
// list latency, or the measurement would include the clients' own delays. The parent (main.ts) forks this file,
// sends { baseUrl, token, photoFiles, uploaders }, gets 'started', and later sends 'stop' to get the results.
import { fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { adFormBody, startUploads, type UploadResults } from './uploads.ts';

interface Start {
  baseUrl: string;
  token: string;
  photoFiles: string[];
  uploaders: number;
}

export interface UploadProcess {
  stop(): Promise<UploadResults>;
}

/** Forks the upload clients; resolves once they have started posting. */
export async function startUploadProcess(start: Start): Promise<UploadProcess> {
  const child = fork(import.meta.filename, [], { execArgv: process.execArgv, stdio: 'inherit' });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`upload clients exited with code ${code}`))),
  );
  const next = <T>() =>
    Promise.race([new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T))), exited]);
  child.send(start);
  await next<'started'>();
  return {
    async stop() {
      child.send('stop');
      const results = await next<UploadResults>();
      child.disconnect();
      return results;
    },
  };
}

/**
 * The clients' priority: below the server, PostgreSQL and the load generator. Phones send from their own CPU; here
 * the sending (24 MB per ad through the loopback, copied in the sender's context) would take the 2 cores' time
 * from the server at equal weight, which no remote client does. What the server does with an upload is unchanged.
 */
export const UPLOAD_CLIENT_NICE = 10;

if (process.send && process.argv[1] === import.meta.filename) {
  os.setPriority(UPLOAD_CLIENT_NICE);
  process.once('message', async (start: Start) => {
    const photos = await Promise.all(start.photoFiles.map((f) => readFile(f)));
    const loop = startUploads(start.baseUrl, start.token, await adFormBody(photos), start.uploaders);
    process.send!('started');
    process.once('message', async () => process.send!(await loop.stop()));
  });
}
