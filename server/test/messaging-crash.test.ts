// Issue 25: "a message the server answered 201 to survives a crash and a restart; two tabs sending at once keep
// both messages in order". The default process on PGlite (which it holds itself) is killed with SIGKILL while a
// buyer and a seller send, each from two tabs at once; after the restart every answered message is there, once, in
// the order of its id, and the conversation takes new messages.
import { afterAll, describe, expect, it } from 'vitest';
import { INVENTORY_BASE, inventoryPaths, MESSAGING_BASE, messagingPaths } from '@bilmarknaden/shared/api-paths';
import { adFields, multipart, photo, registration } from './security/security-helpers.ts';
import { freePort, killServers, startServer, waitHealthy } from './server-process.ts';
import { migratedDataDir } from './helpers.ts';

afterAll(killServers);

async function boot(dataDir: string) {
  const port = await freePort();
  const server = startServer({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  await waitHealthy(port);
  return { ...server, url: `http://127.0.0.1:${port}` };
}

async function register(url: string, name: string): Promise<string> {
  const res = await fetch(`${url}/api/identity/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(registration(name)),
  });
  expect(res.status).toBe(200);
  return res.text();
}

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

describe('SIGKILL while messages are sent', () => {
  it('keeps every message answered 201, once and in order, and takes new ones after the restart', async () => {
    const dataDir = migratedDataDir();
    let server = await boot(dataDir);
    const seller = await register(server.url, 'saljare');
    const buyer = await register(server.url, 'kopare');

    const form = multipart(adFields({ title: 'Kraschtålig Volvo' }), [{ data: await photo('jpeg') }]);
    const created = await fetch(`${server.url}${INVENTORY_BASE}${inventoryPaths.createCar}`, {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${seller}` },
      body: form.payload,
    });
    expect(created.status).toBe(201);
    const carId = ((await created.json()) as { id: number }).id;

    const started = await fetch(`${server.url}${MESSAGING_BASE}${messagingPaths.conversations}`, {
      method: 'POST',
      headers: json(buyer),
      body: JSON.stringify({ carId, text: 'Hej! Är bilen kvar?' }),
    });
    expect(started.status).toBe(201);
    const start = (await started.json()) as { conversationId: number; message: { id: number } };
    const answered = new Map<number, string>([[start.message.id, 'Hej! Är bilen kvar?']]);

    // Two tabs each for the buyer and the seller, sending until the kill; only answered sends are counted.
    let alive = true;
    const tab = async (token: string, name: string) => {
      for (let n = 1; alive; n++) {
        const text = `${name} ${n}`;
        try {
          const res = await fetch(`${server.url}${MESSAGING_BASE}${messagingPaths.messages(start.conversationId)}`, {
            method: 'POST',
            headers: json(token),
            body: JSON.stringify({ text }),
          });
          if (res.status !== 201) break;
          answered.set(((await res.json()) as { id: number }).id, text);
        } catch {
          break; // the connection died with the process
        }
      }
    };
    const tabs = [tab(buyer, 'köpare A'), tab(buyer, 'köpare B'), tab(seller, 'säljare A'), tab(seller, 'säljare B')];
    while (answered.size < 40) await new Promise((r) => setTimeout(r, 20));
    alive = false;
    server.child.kill('SIGKILL');
    await Promise.all(tabs);
    await server.exited;

    server = await boot(dataDir);
    const read = await fetch(`${server.url}${MESSAGING_BASE}${messagingPaths.conversation(start.conversationId)}`, {
      headers: json(buyer),
    });
    expect(read.status).toBe(200);
    const { messages } = (await read.json()) as { messages: { id: number; text: string }[] };
    const ids = messages.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    const kept = new Map(messages.map((m) => [m.id, m.text]));
    for (const [id, text] of answered) expect(kept.get(id)).toBe(text);
    // Each tab's messages in the order it sent them.
    for (const name of ['köpare A', 'köpare B', 'säljare A', 'säljare B']) {
      const numbers = messages
        .filter((m) => m.text.startsWith(`${name} `))
        .map((m) => Number(m.text.split(' ').at(-1)));
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    }

    const after = await fetch(`${server.url}${MESSAGING_BASE}${messagingPaths.messages(start.conversationId)}`, {
      method: 'POST',
      headers: json(seller),
      body: JSON.stringify({ text: 'Ja, den finns kvar.' }),
    });
    expect(after.status).toBe(201);
    expect(((await after.json()) as { id: number }).id).toBeGreaterThan(Math.max(...ids));
    server.child.kill('SIGTERM');
    await server.exited;
  }, 240_000);
});
