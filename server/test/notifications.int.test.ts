// Identity's notification path in the default process: a request through the internal route (as a service
// running alone sends it) becomes one mail in $DATA_DIR/mail-outbox, sent by the process's own sender.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationFooter } from '@bilmarknaden/shared/notifications';
import { buildSecureApp, mailTo, registerUser, type SecureApp } from './security/security-helpers.ts';

const INTERNAL_API_KEY = 'nyckel-for-interna-anrop-0123456789abcdef';

let t: SecureApp;
beforeAll(async () => {
  t = await buildSecureApp({ INTERNAL_API_KEY, PUBLIC_URL: 'https://bilmarknaden.exempel' });
}, 60_000);
afterAll(() => t?.close());

describe('notifications in the default process', () => {
  it('mails a notification once into the mail folder, however often it is asked', async () => {
    const user = await registerUser(t.app, 'mottagare');
    const body = {
      key: `conversation-1-message-${Date.now()}`,
      username: user.username,
      kind: 'messages',
      subject: 'Nytt meddelande',
      text: 'Du har fått ett meddelande om din annons.',
    };
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/identity/internal/notifications',
        headers: { authorization: `Bearer ${INTERNAL_API_KEY}` },
        payload: body,
      });
      expect(res.statusCode).toBe(204);
    }
    const mail = await mailTo(t.settings, user.email, 15_000);
    expect(mail.subject).toBe('Nytt meddelande');
    expect(mail.text).toContain(notificationFooter('https://bilmarknaden.exempel'));
    // Closing waits for a send under way; then the folder holds this one mail to the user.
    await t.app.close();
    const dir = path.join(t.settings.dataDir, 'mail-outbox');
    const names = (await readdir(dir)).filter((name) => name.endsWith('.json'));
    const toUser = [];
    for (const name of names) {
      const m = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as { to: string };
      if (m.to === user.email) toUser.push(m);
    }
    expect(toUser).toHaveLength(1);
  });
});
