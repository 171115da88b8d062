// The two mailers against the real thing: files in a temporary mail folder, and an SMTP server (smtp-server) on a
// free port that takes the mails nodemailer sends; then a whole password reset through each of them.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { PASSWORD_RESET_MESSAGES } from '@bilmarknaden/shared/validation/password-reset';
import { createMailer } from '../src/mail/create-mailer.ts';
import { createFolderMailer, MAIL_OUTBOX_DIR, type FolderMail } from '../src/mail/folder-mailer.ts';
import { DEFAULT_MAIL_FROM, type Mailer } from '../src/mail/mailer.ts';
import { createSmtpMailer } from '../src/mail/smtp-mailer.ts';
import { createBackgroundTasks } from '../src/services/background-tasks.ts';
import { api, buildIdentity, newUser } from './helpers.ts';

const FILE_NAME = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{8}\.json$/;
const LINK = /https:\/\/bilmarknaden\.test\/reset-password#token=([A-Za-z0-9_-]{43})/;
const tempDir = () => mkdtemp(path.join(tmpdir(), 'bm-mail-'));

interface LogEntry {
  level: 'info' | 'warn';
  obj: Record<string, unknown>;
  msg: string;
}
function memoryLog() {
  const entries: LogEntry[] = [];
  return {
    entries,
    info: (obj: Record<string, unknown>, msg: string) => entries.push({ level: 'info', obj, msg }),
    warn: (obj: Record<string, unknown>, msg: string) => entries.push({ level: 'warn', obj, msg }),
  };
}
type Log = Parameters<typeof createMailer>[1];

// --- An SMTP server that keeps what it receives ----------------------------------------------------------------

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}
const received: Received[] = [];
const SMTP_USER = 'bilmarknaden';
const SMTP_PASS = 'hemligt:lösen@smtp';
let smtp: SMTPServer;
let smtpPort: number;

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const smtpUrl = (auth = `${encodeURIComponent(SMTP_USER)}:${encodeURIComponent(SMTP_PASS)}@`) =>
  `smtp://${auth}127.0.0.1:${smtpPort}`;

/** A received message's headers and decoded text (quoted-printable or base64 body, RFC 2047 subject). */
function parse(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const qp = (s: string) =>
    Buffer.from(
      s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  const words = (s: string) =>
    s
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
        enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
      );
  const body = raw.slice(split + 4);
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? qp(body)
        : body;
  return {
    from: words(headers.get('from') ?? ''),
    to: headers.get('to'),
    subject: words(headers.get('subject') ?? ''),
    contentType: headers.get('content-type'),
    text: text.replace(/\r\n/g, '\n'),
  };
}

describe('the mail folder', () => {
  it('writes each mail as one JSON file named by its time, and logs the file without the text or address', async () => {
    const dir = path.join(await tempDir(), MAIL_OUTBOX_DIR);
    const log = memoryLog();
    const at = new Date('2026-11-21T14:05:00.123Z');
    const mailer = createFolderMailer({ dir, from: DEFAULT_MAIL_FROM, log: log as unknown as Log, now: () => at });
    await mailer.send({ to: 'anna@exempel.se', subject: 'Ämne', text: 'Hej Anna!\nhemlig-länk\n' });
    await mailer.send({ to: 'bo@exempel.se', subject: 'Ämne två', text: 'Hej Bo!' });
    const names = (await readdir(dir)).sort();
    expect(names).toHaveLength(2); // the same millisecond, two files: nothing overwritten, no temporary left
    for (const name of names) expect(name).toMatch(FILE_NAME);
    expect(names[0]!.startsWith('2026-11-21T14-05-00.123Z-')).toBe(true);
    const files = await Promise.all(
      names.map(async (name) => ({
        name,
        mail: JSON.parse(await readFile(path.join(dir, name), 'utf8')) as FolderMail,
      })),
    );
    const anna = files.find((f) => f.mail.to === 'anna@exempel.se')!;
    expect(anna.mail).toEqual({
      to: 'anna@exempel.se',
      from: 'Bilmarknaden <no-reply@bilmarknaden.se>',
      subject: 'Ämne',
      text: 'Hej Anna!\nhemlig-länk\n',
      date: '2026-11-21T14:05:00.123Z',
    });
    expect(files.find((f) => f.mail.to === 'bo@exempel.se')!.mail).toEqual({
      to: 'bo@exempel.se',
      from: DEFAULT_MAIL_FROM,
      subject: 'Ämne två',
      text: 'Hej Bo!',
      date: at.toISOString(),
    });
    expect(log.entries.map((e) => e.level)).toEqual(['info', 'info']);
    expect(log.entries[0]!.obj).toEqual({ file: path.join(dir, anna.name), subject: 'Ämne' });
    const logged = JSON.stringify(log.entries);
    expect(logged).not.toContain('hemlig-länk');
    expect(logged).not.toContain('anna@exempel.se');
  });

  it('rejects when the folder cannot be written, and leaves no file', async () => {
    const parent = await tempDir();
    await writeFile(path.join(parent, 'blocked'), 'a file, not a folder');
    const mailer = createFolderMailer({ dir: path.join(parent, 'blocked', MAIL_OUTBOX_DIR), from: DEFAULT_MAIL_FROM });
    await expect(mailer.send({ to: 'a@b.se', subject: 's', text: 't' })).rejects.toThrow();
    expect(await readdir(parent)).toEqual(['blocked']);
  });
});

describe('createMailer', () => {
  it('uses the mail folder in DATA_DIR without SMTP_URL, and warns at boot in production only', async () => {
    const dataDir = await tempDir();
    const dev = memoryLog();
    await createMailer({ from: DEFAULT_MAIL_FROM, dataDir, production: false }, dev as unknown as Log).send({
      to: 'a@exempel.se',
      subject: 's',
      text: 't',
    });
    expect(dev.entries.filter((e) => e.level === 'warn')).toEqual([]);
    expect(await readdir(path.join(dataDir, 'mail-outbox'))).toHaveLength(1);

    const prod = memoryLog();
    createMailer({ from: DEFAULT_MAIL_FROM, dataDir, production: true }, prod as unknown as Log);
    expect(prod.entries).toEqual([
      { level: 'warn', obj: { dir: path.join(dataDir, 'mail-outbox') }, msg: expect.stringMatching(/SMTP_URL/) },
    ]);
  });

  it('uses SMTP when SMTP_URL is given, in production without a warning', async () => {
    const dataDir = await tempDir();
    const log = memoryLog();
    const before = received.length;
    const mailer = createMailer(
      { smtpUrl: smtpUrl(), from: DEFAULT_MAIL_FROM, dataDir, production: true },
      log as unknown as Log,
    );
    await mailer.send({ to: 'via-smtp@exempel.se', subject: 's', text: 't' });
    expect(received.slice(before).map((r) => r.to)).toEqual([['via-smtp@exempel.se']]);
    expect(log.entries).toEqual([]);
    expect(await readdir(dataDir)).toEqual([]);
  });
});

describe('the SMTP mailer', () => {
  it('logs in with the URL’s user and password and delivers the mail: sender, recipient, UTF-8 subject and text', async () => {
    const before = received.length;
    const mailer = createSmtpMailer({ url: smtpUrl(), from: 'Bilmarknaden <no-reply@bilmarknaden.se>' });
    const text = 'Hej Åsa!\n\nEn länk: https://bilmarknaden.test/reset-password#token=abc_DEF-123\n\nHälsningar\n';
    await mailer.send({ to: 'asa@exempel.se', subject: 'Välj ett nytt lösenord på Bilmarknaden', text });
    const [mail] = received.slice(before);
    expect(mail).toMatchObject({ from: 'no-reply@bilmarknaden.se', to: ['asa@exempel.se'], user: SMTP_USER });
    const parsed = parse(mail!.raw);
    expect(parsed.from).toBe('Bilmarknaden <no-reply@bilmarknaden.se>');
    expect(parsed.to).toBe('asa@exempel.se');
    expect(parsed.subject).toBe('Välj ett nytt lösenord på Bilmarknaden');
    expect(parsed.contentType).toMatch(/^text\/plain; charset=utf-8/i);
    expect(parsed.text.trimEnd()).toBe(text.trimEnd());
  });

  it('rejects when the server refuses the login, and when nobody listens', async () => {
    await expect(
      createSmtpMailer({ url: smtpUrl('bilmarknaden:fel@'), from: DEFAULT_MAIL_FROM }).send({
        to: 'a@exempel.se',
        subject: 's',
        text: 't',
      }),
    ).rejects.toThrow(/auth|invalid/i);
    const closed = new SMTPServer({ disabledCommands: ['STARTTLS'] });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: DEFAULT_MAIL_FROM }).send({
        to: 'a@exempel.se',
        subject: 's',
        text: 't',
      }),
    ).rejects.toThrow();
  });
});

describe('a whole password reset', () => {
  async function resetThrough(mailer: Mailer, readLink: () => Promise<string>) {
    const background = createBackgroundTasks();
    const t = await buildIdentity({ mailer, background, publicUrl: 'https://bilmarknaden.test' });
    try {
      const user = newUser();
      expect((await t.app.inject({ method: 'POST', url: api('/user'), payload: user })).statusCode).toBe(200);
      const asked = await t.app.inject({
        method: 'POST',
        url: api('/user/password-reset'),
        payload: { email: user.email },
      });
      expect(asked.statusCode).toBe(202);
      await background.idle();
      const text = await readLink();
      const token = LINK.exec(text)![1]!;
      expect(text).toContain(`Hej ${user.firstname}!`);
      const res = await t.app.inject({
        method: 'POST',
        url: api('/user/password-reset/confirm'),
        payload: { token, password: 'nytt via mejlet' },
      });
      expect(res.statusCode).toBe(200);
      const login = await t.app.inject({
        method: 'POST',
        url: api('/user/login'),
        payload: { email: user.email, password: 'nytt via mejlet' },
      });
      expect(login.statusCode).toBe(200);
      return user;
    } finally {
      await t.close();
    }
  }

  it('through the mail folder: the link is read from $DATA_DIR/mail-outbox/*.json', async () => {
    const dataDir = await tempDir();
    const dir = path.join(dataDir, 'mail-outbox');
    const mailer = createMailer({ from: DEFAULT_MAIL_FROM, dataDir, production: false }, memoryLog() as unknown as Log);
    let to = '';
    const user = await resetThrough(mailer, async () => {
      const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
      expect(files).toHaveLength(1);
      const mail = JSON.parse(await readFile(path.join(dir, files[0]!), 'utf8')) as FolderMail;
      expect(mail.subject).toBe(PASSWORD_RESET_MESSAGES.mailSubject);
      to = mail.to;
      return mail.text;
    });
    expect(to).toBe(user.email);
  });

  it('through SMTP: the link is read from the mail the SMTP server received', async () => {
    const before = received.length;
    const mailer = createMailer(
      { smtpUrl: smtpUrl(), from: DEFAULT_MAIL_FROM, dataDir: await tempDir(), production: true },
      memoryLog() as unknown as Log,
    );
    let to: string[] = [];
    const user = await resetThrough(mailer, async () => {
      const mails = received.slice(before);
      expect(mails).toHaveLength(1);
      to = mails[0]!.to;
      const parsed = parse(mails[0]!.raw);
      expect(parsed.subject).toBe(PASSWORD_RESET_MESSAGES.mailSubject);
      return parsed.text;
    });
    expect(to).toEqual([user.email]);
  });
});
