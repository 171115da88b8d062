// Ads with 8 photos posted as the web app posts them (multipart, bearer token), in a loop, while the list
// is under load: photo processing must not slow listing for others.
import { IDENTITY_BASE, INVENTORY_BASE, inventoryPaths } from '@bilmarknaden/shared/api-paths';
import {
  registrationNumberAt,
  TEST_REGISTRATION_NUMBERS_FROM,
} from '@bilmarknaden/shared/validation/registration-number';

export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const r = await fetch(`${baseUrl}${IDENTITY_BASE}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!r.ok) throw new Error(`login ${email}: ${r.status} ${await r.text()}`);
  return (await r.text()).trim();
}

const AD_FIELDS: Record<string, string> = {
  title: 'Volvo V70 D4 Momentum',
  description: 'Benchmarkannons: fin bil med dragkrok och vinterhjul. Servad enligt schema.',
  price: '129900',
  make: 'Volvo',
  model: 'V70',
  year: '2016',
  milage: '14500',
  hp: '181',
  color: 'svart',
  type: 'kombi',
  transmission: 'automat',
  drivetrain: 'awd',
  fuel: 'diesel',
};

/** An ad's multipart body and its content type (with the boundary); each post adds its registration number. */
export interface AdFormBody {
  body: Blob;
  contentType: string;
  boundary: string;
}

// Each ad needs a number no other ad for sale has: the range kept for tests, from a random start so that a run on
// a database an earlier run left ads in does not meet their numbers.
let nextNumber = Math.floor(Math.random() * 400_000);
const uploadNumber = () => registrationNumberAt(TEST_REGISTRATION_NUMBERS_FROM + (nextNumber++ % 500_000));

/** The multipart body of an 8-photo ad as the web app's form sends it, encoded once. */
export async function adFormBody(photos: readonly Buffer[]): Promise<AdFormBody> {
  const form = new FormData();
  for (const [k, v] of Object.entries(AD_FIELDS)) form.append(k, v);
  photos.forEach((p, i) => form.append(`images[${i}]`, new Blob([p], { type: 'image/jpeg' }), `${i}.jpg`));
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type')!;
  const boundary = /boundary=(.+)$/.exec(contentType)![1]!;
  return { body: new Blob([await encoded.arrayBuffer()]), contentType, boundary };
}

/**
 * Posts one ad. The body is encoded once and sent again for every ad: these clients stand for other people's
 * phones, so the 24 MB they would each encode on their own CPU is not encoded again on the server's 2 cores.
 * Only the registration number's part, first in the body, is new for each ad.
 */
export async function postAd(baseUrl: string, token: string, form: AdFormBody): Promise<number> {
  const numberPart =
    `--${form.boundary}\r\nContent-Disposition: form-data; name="registrationNumber"\r\n\r\n` + `${uploadNumber()}\r\n`;
  const r = await fetch(`${baseUrl}${INVENTORY_BASE}/001/1001`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    body: new Blob([numberPart, form.body]),
  });
  if (r.status !== 201) throw new Error(`upload: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { id: number }).id;
}

export interface UploadResults {
  uploads: number;
  failures: number;
  /** The posted ads removed again when the clients stopped (the owner's DELETE), so a `--reuse` run reads the seed. */
  removed: number;
  meanSeconds: number;
  errors: string[];
}

export interface UploadLoop {
  stop(): Promise<UploadResults>;
}

/** `uploaders` loops, each posting one 8-photo ad after the other until stopped. */
export function startUploads(baseUrl: string, token: string, form: AdFormBody, uploaders = 4): UploadLoop {
  let running = true;
  let uploads = 0;
  let failures = 0;
  let total = 0;
  const errors: string[] = [];
  const posted: number[] = [];
  const loops = Array.from({ length: uploaders }, async () => {
    while (running) {
      const t0 = performance.now();
      try {
        posted.push(await postAd(baseUrl, token, form));
        uploads++;
        total += performance.now() - t0;
      } catch (error) {
        failures++;
        if (errors.length < 5) errors.push(String((error as Error).message).slice(0, 200));
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      // The uploads' ads are newest and all match the searches the bench measures ('Volvo', 'dragkrok'): left
      // in place, a later run on the same database would find its 20 hits among them at once.
      let removed = 0;
      for (const id of posted) {
        const r = await fetch(`${baseUrl}${INVENTORY_BASE}${inventoryPaths.carById(id)}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        });
        if (r.ok) removed++;
        else if (errors.length < 5) errors.push(`delete ${id}: ${r.status}`);
      }
      return { uploads, failures, removed, meanSeconds: uploads ? total / uploads / 1000 : 0, errors };
    },
  };
}
