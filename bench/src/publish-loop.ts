// `npx tsx bench/src/publish-loop.ts [publishes] [warm-up]`: the CPU and wall time of one publish, in process.
// Inventory's create route through `inject` on an in-memory PGlite (inventory's test app), fields without photos,
// one publish after another. A sequential loop in one process is bound by its own CPU, so its time per publish is
// steadier on a shared machine than publishes per second over HTTP. It imports only what inventory's test helpers
// have exported since before issue 40, so the same file runs in an older worktree for a comparison
// (bench/README.md, 'Publish against 098c574').
import { adFields, BASE, buildTestApp, multipart } from '../../services/inventory/test/inventory-helpers.ts';

const publishes = Number(process.argv[2] ?? 300);
const warmUp = Number(process.argv[3] ?? 50);
const t = await buildTestApp();
// 50 sellers in turn, and every body built before the clock starts: only the publishes are measured.
const sellers = await Promise.all(Array.from({ length: 50 }, (_, i) => t.auth(`seller${i}`)));
const bodies = Array.from({ length: warmUp + publishes }, () => multipart(adFields()));

async function publish(i: number): Promise<void> {
  const body = bodies[i]!;
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/001/1001`,
    payload: body.payload,
    headers: { ...body.headers, ...sellers[i % sellers.length] },
  });
  if (res.statusCode >= 300) throw new Error(`publish ${i}: ${res.statusCode} ${res.body}`);
}

for (let i = 0; i < warmUp; i++) await publish(i);
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
for (let i = warmUp; i < warmUp + publishes; i++) await publish(i);
const cpu = process.cpuUsage(cpu0);
const wall = performance.now() - wall0;
console.log(
  JSON.stringify({
    publishes,
    cpuMsPerPublish: Number(((cpu.user + cpu.system) / 1000 / publishes).toFixed(3)),
    wallMsPerPublish: Number((wall / publishes).toFixed(3)),
  }),
);
await t.close();
