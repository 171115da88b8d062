// `npm start`: builds the web app and the server only when their sources changed since the last
// build, then runs the server in this process (so signals reach it directly).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);

function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') visit(path.join(p, name));
    } else latest = Math.max(latest, s.mtimeMs);
  };
  paths.forEach((p) => visit(at(p)));
  return latest;
}

const builtAt = (file) => (existsSync(at(file)) ? statSync(at(file)).mtimeMs : 0);
const shared = ['packages/shared/src', 'package-lock.json'];
const targets = [
  {
    name: 'web',
    output: 'apps/web/dist/index.html',
    sources: [...shared, 'apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts'],
    cmd: ['npm', ['run', 'build:web']],
  },
  {
    name: 'server',
    output: 'server/dist/main.js',
    sources: [
      ...shared,
      'packages/db/src',
      'packages/service-kit/src',
      'services',
      'server/src',
      'scripts/build-server.mjs',
    ],
    cmd: ['npm', ['run', 'build:server']],
  },
];

for (const t of targets) {
  if (builtAt(t.output) > newest(t.sources)) continue;
  console.log(`Building ${t.name}…`);
  const r = spawnSync(t.cmd[0], t.cmd[1], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await import(pathToFileURL(at('server/dist/main.js')).href);
