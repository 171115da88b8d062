import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadAd } from './upload-ad.ts';
import { storeSession } from '../../../lib/session-store.ts';

class FakeXhr {
  static last: FakeXhr;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadAd', () => {
  it('sends the form with the bearer token, reports progress and resolves with the id', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    storeSession('tok');
    const progress = vi.fn();
    const body = new FormData();
    const done = uploadAd({ method: 'POST', url: '/api/inventory/001/1001', body, onProgress: progress });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.headers.Authorization).toBe('Bearer tok');
    expect(xhr.body).toBe(body);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
    expect(progress).toHaveBeenLastCalledWith(0.5);
    xhr.respond(201, { id: 42 });
    await expect(done).resolves.toEqual({ id: 42 });
  });

  it("rejects with the server's Swedish message and field on 400", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadAd({ method: 'PUT', url: '/api/inventory/cars/1', body: new FormData() });
    FakeXhr.last.respond(400, { message: 'Din rubrik är för kort', field: 'title' });
    await expect(done).rejects.toMatchObject({ status: 400, message: 'Din rubrik är för kort', field: 'title' });
  });

  it('rejects with a Swedish message when the network fails', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadAd({ method: 'POST', url: '/x', body: new FormData() });
    FakeXhr.last.onerror?.();
    await expect(done).rejects.toMatchObject({ status: 0 });
  });
});
