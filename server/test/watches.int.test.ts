// Bevakningar in the default process: a matching ad published through the API is mailed once into the mail
// folder by the process's own job runner and identity's sender; the same alert run again (a runner that died after
// asking identity, before marking its job done) mails nothing more.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecureApp, createAd, mailTo, registerUser, type SecureApp } from './security/security-helpers.ts';

let t: SecureApp;
beforeAll(async () => {
  t = await buildSecureApp({ PUBLIC_URL: 'https://bilmarknaden.exempel' });
}, 60_000);
afterAll(() => t?.close());

async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const dir = path.join(t.settings.dataDir, 'mail-outbox');
  const found = [];
  for (const name of (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'))) {
    const mail = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as {
      to: string;
      subject: string;
      text: string;
    };
    if (mail.to === email) found.push(mail);
  }
  return found;
}

/** Until the process's runner has done every job (it was woken by the publish). */
async function jobsDone(): Promise<void> {
  await expect
    .poll(async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM inventory.jobs')).rows[0]!.n, {
      timeout: 15_000,
    })
    .toBe(0);
}

describe('bevakningar in the default process', () => {
  it('mails a new matching ad once, also when its alert runs again after a crash', async () => {
    const buyer = await registerUser(t.app, 'bevakare');
    const seller = await registerUser(t.app, 'saljare');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/watches',
      headers: buyer.headers,
      payload: { query: { make: 'Volvo', model: 'V70' }, notify: 'instant' },
    });
    expect(made.statusCode).toBe(201);
    const watchId = made.json().id as number;

    const carId = await createAd(t.app, seller, 1);
    const mail = await mailTo(t.settings, buyer.email, 15_000);
    expect(mail.subject).toMatch(/^Ny bil i din bevakning Volvo, V70: /);
    expect(mail.text).toContain(`https://bilmarknaden.exempel/car/${carId}`);
    expect(mail.text).toMatch(/https:\/\/bilmarknaden\.exempel\/bevakningar\/avsluta#bevakning=\d+&token=\S+/);
    await jobsDone();

    // The same alert again, as after a runner died between asking identity and deleting its job; a second
    // publish wakes the runner.
    await t.db.query(`INSERT INTO inventory.jobs (kind, payload) VALUES ('watch-alert', $1)`, [
      JSON.stringify({ watch: watchId, car: carId }),
    ]);
    await createAd(t.app, seller, 1, { make: 'Saab', model: '9-5' });
    await jobsDone();
    // Closing waits for identity's sender; then the folder holds exactly the one mail.
    await t.app.close();
    expect(await mailsTo(buyer.email)).toHaveLength(1);
  });
});
