import { chromium } from '@playwright/test';
const extra = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox','--disable-gpu', ...extra] });
const fs = await import('node:fs');
const cpu = () => { const t={}; for (const p of fs.readdirSync('/proc')) { if(!/^\d+$/.test(p)) continue; try { const c=fs.readFileSync(`/proc/${p}/cmdline`,'utf8'); if(!c.includes('chromium')) continue; const ty=(/--type=([a-z-]+)/.exec(c)||[,'browser'])[1]; const f=fs.readFileSync(`/proc/${p}/stat`,'utf8').split(') ')[1].split(' '); t[ty]=(t[ty]??0)+ (+f[11] + +f[12])/100; } catch {} } return t; };
const ctx = await b.newContext(); const page = await ctx.newPage();
await page.goto('http://127.0.0.1:3999/'); await page.locator('main h1').first().waitFor();
const c0 = cpu(); const t0=Date.now();
for (let i=0;i<6;i++) for (const path of ['/', '/car/1', '/search/volvo']) { await page.goto('http://127.0.0.1:3999' + path); await page.locator('main h1').first().waitFor(); await page.locator('main [role="status"].spinner').waitFor({state:'detached'}).catch(()=>{}); }
const c1 = cpu();
const d = {}; for (const k of Object.keys(c1)) d[k] = +(c1[k] - (c0[k]??0)).toFixed(2);
console.log(extra.join(' ')||'(default)', JSON.stringify(d), 'per goto', (Object.values(d).reduce((a,b)=>a+b,0)/18).toFixed(3), 'wall', Date.now()-t0);
await b.close();
