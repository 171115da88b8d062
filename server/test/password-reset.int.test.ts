import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES } from '@bilmarknaden/shared/validation/password-reset';
import { identityOptions } from '../src/identity-options.ts';
import { loadSettings } from '../src/settings.ts';
import { testSettings } from './helpers.ts';
import { buildSecureApp, mailTo, registerUser, type SecureApp } from './security/security-helpers.ts';

// 'Glömt lösenord?' in the default process, as the browser test uses it: the mail lands in
// $DATA_DIR/mail-outbox/*.json with a link to PUBLIC_URL, from MAIL_FROM.

let t: SecureApp;
beforeAll(async () => {
  t = await buildSecureApp({ PUBLIC_URL: 'https://bilmarknaden.exempel', MAIL_FROM: 'Bilmarknaden <hej@exempel.se>' });
}, 60_000);
afterAll(() => t?.close());

describe('password reset in the default process', () => {
  it('writes the mail into the mail folder of DATA_DIR, and its link sets a new password', async () => {
    const user = await registerUser(t.app, 'glomsk');
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/identity/user/password-reset',
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.sent });

    const mail = await mailTo(t.settings, user.email);
    expect(mail).toMatchObject({
      to: user.email,
      from: 'Bilmarknaden <hej@exempel.se>',
      subject: PASSWORD_RESET_MESSAGES.mailSubject,
    });
    expect(new Date(mail.date).toISOString()).toBe(mail.date);
    const token = /^https:\/\/bilmarknaden\.exempel\/reset-password#token=([A-Za-z0-9_-]{43})$/m.exec(mail.text)![1]!;

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/user/password-reset/confirm',
      payload: { token, password: 'Nytt-lösen-från-mejlet' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/identity/user',
      headers: { authorization: `Bearer ${res.body}` },
    });
    expect(me.json()).toMatchObject({ username: user.username });
    // (Tokens issued before the change are refused from the next whole second: services/identity tests that.)
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/identity/user/login', payload: { email: user.email, password } });
    expect((await login(user.password)).statusCode).toBe(401);
    expect((await login('Nytt-lösen-från-mejlet')).statusCode).toBe(200);
  });
});

describe('identityOptions', () => {
  const fakeLog = () => {
    const warnings: string[] = [];
    const log = { warn: (_obj: unknown, msg: string) => warnings.push(msg), info: () => undefined };
    return { warnings, log: log as unknown as Parameters<typeof identityOptions>[3] };
  };

  it('passes PUBLIC_URL and a mailer; in production without SMTP_URL it warns that mails only reach the folder', () => {
    const dev = fakeLog();
    const options = identityOptions(
      testSettings({ PUBLIC_URL: 'https://bilmarknaden.se' }),
      {} as never,
      {} as never,
      dev.log,
    );
    expect(options.publicUrl).toBe('https://bilmarknaden.se');
    expect(typeof options.mailer?.send).toBe('function');
    expect(dev.warnings).toEqual([]);

    const production = loadSettings(
      { NODE_ENV: 'production', JWT_PRIVATE_KEY: productionKey(), DATA_DIR: '/tmp/helper-reset-unused' },
      { port: 3000, repoRoot: process.cwd() },
    );
    const prod = fakeLog();
    identityOptions(production, {} as never, {} as never, prod.log);
    expect(prod.warnings).toEqual([expect.stringMatching(/SMTP_URL is not set/)]);

    const smtp = fakeLog();
    identityOptions({ ...production, smtpUrl: 'smtp://127.0.0.1:2525' }, {} as never, {} as never, smtp.log);
    expect(smtp.warnings).toEqual([]);
  });
});

function productionKey(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}
