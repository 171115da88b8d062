// The indexes of inventory.cars, each proved by a list query that needs it: the SQL the routes really send is
// recorded and EXPLAINed on a table large enough that the real planner prefers indexes where they pay. No list page
// may read the whole table (DESIGN: "no query plan scans the whole ads table for a list page").
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bilmarknaden/db/database';
import { createTestDatabase, functionStatement } from '@bilmarknaden/db/testing';
import { ORDER_BY_VALUES } from '@bilmarknaden/shared/constants';
import { REGISTRATION_NUMBER_LETTERS } from '@bilmarknaden/shared/validation/registration-number';
import { inventoryApp } from '../src/app.ts';
import { inventoryMigrations } from '../src/migrations.ts';
import { BASE, createTokenKit, MemoryStorage } from './inventory-helpers.ts';

const ADS = 20_000;
const LETTERS = REGISTRATION_NUMBER_LETTERS;
let db: Database;
let dispose: () => Promise<void>;
let app: FastifyInstance;
let auth: Record<string, string>;
const recorded: { sql: string; params: readonly unknown[] }[] = [];

beforeAll(async () => {
  ({ db, dispose } = await createTestDatabase([inventoryMigrations]));
  // Twenty makes of five models, the option attributes and numbers spread as on a live site, a year of dates
  // (rows in date order, as ads are published), a few pending ads, and three rare hypercars.
  await db.exec(`
    INSERT INTO inventory.cars (title, description, price, make, model, year, milage, hp, color, type, transmission,
      drivetrain, fuel, username, status, created, kommun, registration_number, equipment)
    SELECT 'Bil nummer ' || g, 'En fin bil' || CASE WHEN g % 3 = 0 THEN ' med dragkrok' ELSE '' END,
      (g * 7919) % 500000,
      (ARRAY['Volvo','Saab','Audi','Kia','BMW','Ford','Opel','Skoda','Toyota','Volkswagen','Mazda','Honda','Fiat',
             'Seat','Tesla','Porsche','Dacia','Nissan','Peugeot','Renault'])[1 + (g * 7) % 20],
      (ARRAY['XC60','V70','S60','V90','C40'])[1 + (g * 3) % 5], 1990 + (g * 13) % 36, (g * 31) % 30000,
      60 + (g * 17) % 400,
      (ARRAY['vit','grå','svart','brun','blå','röd','gul'])[1 + g % 7],
      (ARRAY['sedan','kombi','halvkombi','småbil','coupé','cab','suv','familjebuss','pickup','yrkesfordon'])[1 + (g / 7) % 10],
      (ARRAY['manuell','automat'])[1 + (g / 3) % 2], (ARRAY['fwd','awd','rwd'])[1 + (g / 5) % 3],
      (ARRAY['bensin','diesel','miljöbränsle','el / hybrid'])[1 + (g / 2) % 4], 'user' || (g % 200),
      CASE WHEN g % 50 = 0 THEN 'pending' ELSE 'active' END,
      now() - interval '365 days' + g * (interval '365 days' / ${ADS}),
      -- Places as people live: a fifth in Stockholm, some in the big towns, the rest spread thin; a few without.
      CASE WHEN g % 25 = 0 THEN NULL ELSE (ARRAY['0180','0180','0180','0180','1480','1480','1280','0380','0580',
        '1880','1980','0181','1490','0680','2480','2584','0980','1283','1281','2281'])[1 + (g * 11) % 20] END,
      -- Every ad its own registration number: 'AAA001', … (issue 40).
      substr('${LETTERS}', 1 + (g / 23000) % 23, 1) || substr('${LETTERS}', 1 + (g / 1000) % 23, 1) ||
        substr('${LETTERS}', 1 + (g / 1000 / 23) % 23, 1) || lpad((g % 1000)::text, 3, '0'),
      -- Equipment (issue 44): common items on a half, a third and a fifth of the ads, a rare one on one in 997.
      array_remove(ARRAY[
        CASE WHEN g % 5 = 0 THEN 'motorvarmare' END, CASE WHEN g % 3 = 0 THEN 'dragkrok' END,
        CASE WHEN g % 997 = 0 THEN 'nivareglering' END, CASE WHEN g % 2 = 0 THEN 'bluetooth' END], NULL)
    FROM generate_series(1, ${ADS}) g;
    INSERT INTO inventory.cars (title, description, price, make, model, year, milage, hp, color, type, transmission,
      drivetrain, fuel, username, status)
    SELECT 'Koenigsegg Regera', 'Sällsynt hyperbil', 9000000, 'Koenigsegg', 'Regera', 2020, 100, 1500, 'vit', 'coupé',
      'automat', 'rwd', 'el / hybrid', 'rare', 'active'
    FROM generate_series(1, 3);
    INSERT INTO inventory.saved_cars (username, car_id) SELECT 'user' || (id % 200), id FROM inventory.cars WHERE id % 4 = 0;
  `);
  // Fresh statistics, and the visibility map for index-only scans.
  await db.exec('VACUUM ANALYZE inventory.cars');
  await db.exec('VACUUM ANALYZE inventory.saved_cars');
  const recording: Database = {
    ...db,
    query: (sql, params) => {
      recorded.push({ sql, params: params ?? [] });
      return db.query(sql, params);
    },
  };
  const tokens = await createTokenKit();
  auth = { authorization: `Bearer ${await tokens.sign('user1')}` };
  app = Fastify({ logger: false });
  await app.register(inventoryApp, {
    prefix: BASE,
    db: recording,
    storage: new MemoryStorage(),
    verifyToken: tokens.verifyToken,
    docs: false,
  });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app.close();
  await dispose();
});

async function explain(sql: string, params: readonly unknown[]): Promise<string> {
  const r = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
  return r.rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** The plan of the cars query a request sends. */
async function planOf(url: string, headers: Record<string, string> = {}, marker = 'inventory.cars'): Promise<string> {
  recorded.length = 0;
  const res = await app.inject({ method: 'GET', url: `${BASE}${url}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  const query = recorded.find((q) => /^\s*(SELECT|WITH)\b/i.test(q.sql) && q.sql.includes(marker));
  expect(query, url).toBeDefined();
  return explain(query!.sql, query!.params);
}

/** A Sort whose input (the lines indented below it) reads all of inventory.cars sequentially. */
function sortsWholeTable(text: string): boolean {
  const lines = text.split('\n');
  return lines.some((line, i) => {
    if (!/->\s+Sort\b|^\s*Sort\b/.test(line)) return false;
    const indent = line.search(/\S/);
    for (const below of lines.slice(i + 1)) {
      if (below.search(/\S/) <= indent) break;
      if (/Seq Scan on cars\b/.test(below)) return true;
    }
    return false;
  });
}

const FILTERED = '/001/2003?make=volvo&fuel=diesel&priceMin=50000&priceMax=200000&orderBy=price&order=asc';

describe('every kept index of inventory.cars serves the list query that needs it', () => {
  // Read in the list's order: no Sort, so a window stops after its rows.
  it.each([
    ['/001/2003', 'cars_created_idx'],
    ['/001/2003?start=980&end=1000', 'cars_created_idx'],
    ['/001/2003?orderBy=created&order=asc', 'cars_created_idx'],
    ...ORDER_BY_VALUES.filter((o) => o !== 'created').flatMap((o) => [
      [`/001/2003?orderBy=${o}&order=asc`, `cars_${o}_idx`],
      [`/001/2003?orderBy=${o}&order=desc&start=980&end=1000`, `cars_${o}_idx`],
    ]),
    // Browsing a make in any order (the menu's 'Bilar' links): the make's own index in that order, not a walk of
    // every make's ads in the order's index until the make's turn.
    ...ORDER_BY_VALUES.map((o) => [`/001/2003?make=volvo&orderBy=${o}&order=desc`, `cars_make_${o}_idx`]),
    ['/001/2003?make=volvo&model=xc60', 'cars_make_model_created_idx'],
    // A place in the default order (issue 28).
    ['/001/2003?lan=25', 'cars_lan_created_idx'],
    ['/001/2003?kommun=2584', 'cars_kommun_created_idx'],
  ])('%s reads %s in order', async (url, index) => {
    const plan = await planOf(url);
    expect(plan, plan).toMatch(new RegExp(`Index (Only )?Scan( Backward)? using ${index}\\b`));
    expect(plan, plan).not.toMatch(/\bSort\b|Seq Scan on cars\b/);
  });

  // Few enough matches that fetching them all and sorting them may be cheaper than a walk in order.
  it.each([
    [FILTERED, 'cars_make_price_idx'],
    ['/001/2003?make=volvo&orderBy=price&order=asc&start=980&end=1000', 'cars_make_\\w+_idx'],
    ['/001/2002?username=user3', 'cars_username_idx'],
    ['/001/2003?trans=automat&fuel=diesel&type=kombi&color=svart&drivetrain=fwd', 'cars_options_idx'],
    ['/001/2003?type=coupé&color=vit&orderBy=hp&start=980&end=1000', 'cars_options_idx'],
  ])('%s reads %s', async (url, index) => {
    const plan = await planOf(url);
    expect(plan, plan).toMatch(new RegExp(`(Index Scan|Bitmap Index Scan)( Backward)? (using|on) ${index}\\b`));
    expect(plan, plan).not.toMatch(/Seq Scan on cars\b/);
  });

  // A common word is found fastest by walking the order's index; a rare one through the search indexes.
  it.each([
    ['koenigsegg', 'cars_search_idx'],
    ['koenigségg', 'cars_search_idx'],
    ['hyperbilar', 'cars_search_idx'],
    ['koenig', 'cars_search_text_trgm_idx'],
    ['regera sällsynt', 'cars_search(_text_trgm)?_idx'],
  ])('rare search %j reads %s', async (term, index) => {
    const plan = await planOf(`/001/2003?searchterm=${encodeURIComponent(term)}`);
    expect(plan, plan).toMatch(new RegExp(`Bitmap Index Scan on ${index}\\b`));
    expect(plan, plan).not.toMatch(/Seq Scan on cars\b/);
  });

  // Equipment (issue 44): a rare item's few ads through the GIN index of the equipment.
  it.each(['nivareglering', 'nivareglering,dragkrok'])('rare equipment %j reads cars_equipment_idx', async (codes) => {
    const plan = await planOf(`/001/2003?equipment=${codes}`);
    expect(plan, plan).toMatch(/Bitmap Index Scan on cars_equipment_idx\b/);
    expect(plan, plan).not.toMatch(/Seq Scan on cars\b/);
  });

  // Avstånd (decision 058): 'Närmast' walks the kommuner nearest first (the unnest `k`), each one's ads through
  // its own index, and the Limit stops the walk at the window's end: nothing sorts before the window, and at most
  // one kommun's matches are fetched and sorted (a deep window of a big kommun, as a place filter in another order).
  it.each([
    '/001/2003?near=0180&orderBy=distance',
    '/001/2003?near=2584&orderBy=distance',
    '/001/2003?near=0180&orderBy=distance&start=980&end=1000',
    '/001/2003?near=1480&within=200&orderBy=distance&equipment=dragkrok',
    '/001/2003?near=0380&within=50&orderBy=distance&fuel=diesel&start=100&end=120',
  ])("'Närmast' %s walks cars_kommun_created_idx per kommun", async (url) => {
    const plan = await planOf(url);
    expect(plan, plan).toMatch(/Limit\b[^\n]*\n\s*->\s+Nested Loop\b[^\n]*\n\s*->\s+Function Scan on k\b/);
    expect(plan, plan).toMatch(/(Index Scan Backward using|Bitmap Index Scan on) cars_kommun_created_idx\b/);
    expect(plan, plan).not.toMatch(/Seq Scan on cars\b/);
    expect(sortsWholeTable(plan), plan).toBe(false);
  });

  // A radius is the set of its kommuner: kommuner with few ads are read through their index.
  it.each(['/001/2003?near=0120&within=10', '/001/2003?near=2523&within=25&orderBy=price&order=asc'])(
    'radius %s reads cars_kommun_created_idx',
    async (url) => {
      const plan = await planOf(url);
      expect(plan, plan).toMatch(/(Index Scan|Bitmap Index Scan)( Backward)? (using|on) cars_kommun_created_idx\b/);
      expect(plan, plan).not.toMatch(/Seq Scan on cars\b/);
    },
  );

  // Issue 40: a registration number finds its ad through the unique index of the numbers, with spaces or not.
  it.each(['afa 123', 'AFA123'])('search for the number %j reads cars_registration_number_key', async (term) => {
    const plan = await planOf(`/001/2003?searchterm=${encodeURIComponent(term)}`);
    expect(plan, plan).toMatch(/Bitmap Index Scan on cars_registration_number_key\b/);
    expect(plan, plan).not.toMatch(/Seq Scan on cars\b/);
  });

  it('detail reads the primary key and its price cell by key, the saved list saved_cars and the primary key of cars', async () => {
    const detail = await planOf('/001/2001?carid=17', {}, 'inventory.price_ranges');
    expect(detail, detail).toMatch(/Index Scan using cars_pkey/);
    expect(detail, detail).toMatch(/Index Scan using price_ranges_pkey/);
    const saved = await planOf('/001/3002', auth);
    expect(saved, saved).toMatch(/saved_cars_(pkey|user_saved_idx)/);
    expect(saved, saved).not.toMatch(/Seq Scan on cars\b/);
  });

  // 'Liknande bilar' (decision 043): the nearest prices of the make and model, two short walks of one index.
  it("'Liknande bilar' reads cars_make_model_price_idx and sorts only what the walks found", async () => {
    const plan = await planOf('/cars/17/similar', {}, 'distance');
    expect(plan, plan).toMatch(/Index Scan( Backward)? using cars_make_model_price_idx\b/);
    expect(plan, plan).not.toMatch(/Seq Scan on cars\b/);
  });

  // The typo lookup (decision 043, amended) every search word runs first: the catalogue's names through the indexes
  // of inventory.search_names (spelling, containing, sharing a trigram), not each word against every name.
  it('the typo lookup reads the indexes of search_names', async () => {
    // A search calls inventory.close_names: its one statement, as the function holds it, is what is planned.
    await planOf('/001/2003?searchterm=volvp', {}, 'inventory.close_names');
    const lookup = recorded.find((q) => q.sql.includes('inventory.close_names'))!;
    const statement = await functionStatement(db, 'inventory.close_names');
    const plan = await explain(statement, lookup.params);
    for (const index of ['search_names_compact_idx', 'search_names_part_trgm_idx', 'search_names_trigrams_idx'])
      expect(plan, plan).toContain(index);
    expect(plan, plan).not.toMatch(/Join Filter: \(similarity/);
  });

  // Not a list: the start-up removal of pending ads left by a crash finds them without reading the visible ones.
  it('the removal of abandoned pending ads reads cars_pending_idx', async () => {
    const plan = await explain(`SELECT id FROM inventory.cars WHERE status = 'pending' AND created < $1`, [
      new Date(Date.now() - 180 * 86_400_000).toISOString(),
    ]);
    expect(plan, plan).toMatch(/cars_pending_idx/);
  });
});

// Every sort order and direction, each with a text filter, a range, a common word and a partial word.
const SHAPES: Record<string, string>[] = ORDER_BY_VALUES.flatMap((orderBy) =>
  (['asc', 'desc'] as const).flatMap((order): Record<string, string>[] => [
    { orderBy, order },
    { orderBy, order, start: '980', end: '1000' },
    { orderBy, order, fuel: 'diesel' },
    { orderBy, order, fuel: 'diesel', start: '980', end: '1000' },
    { orderBy, order, trans: 'automat', fuel: 'diesel', type: 'kombi', color: 'svart', drivetrain: 'fwd' },
    { orderBy, order, make: 'volvo' },
    { orderBy, order, make: 'volvo', model: 'xc60', start: '980', end: '1000' },
    { orderBy, order, priceMin: '100000', priceMax: '150000' },
    { orderBy, order, yearMin: '2015', milageMax: '5000', start: '980', end: '1000' },
    { orderBy, order, searchterm: 'dragkrok' },
    { orderBy, order, searchterm: 'dragkrok', start: '980', end: '1000' },
    { orderBy, order, searchterm: 'volv' },
    { orderBy, order, searchterm: 'volvo diesel' },
    { orderBy, order, searchterm: 'citroen automat' },
    { orderBy, order, lan: '01' },
    { orderBy, order, lan: '25', start: '980', end: '1000' },
    { orderBy, order, kommun: '2584', fuel: 'diesel' },
    { orderBy, order, lan: '14', make: 'volvo', priceMin: '100000' },
    { orderBy, order, kommun: '0980', searchterm: 'dragkrok' },
    // Equipment (issue 44): common items walk the order's index, a rare one comes through its GIN index.
    { orderBy, order, equipment: 'dragkrok,motorvarmare' },
    { orderBy, order, equipment: 'bluetooth', start: '980', end: '1000' },
    { orderBy, order, equipment: 'nivareglering', fuel: 'diesel' },
    // Avstånd (decision 058): a kommun alone keeps the placed ads; a radius, its kommuner's.
    { orderBy, order, near: '1280' },
    { orderBy, order, near: '0180', within: '50', equipment: 'dragkrok' },
    { orderBy, order, near: '2584', within: '10' },
    { orderBy, order, near: '1480', within: '200', start: '980', end: '1000' },
    { orderBy, order, near: '1281', within: '25', equipment: 'dragkrok,motorvarmare', fuel: 'diesel' },
    // Typos and spacing (decision 043): the catalogue's spelling joins the word's conditions.
    { orderBy, order, searchterm: 'volvp' },
    { orderBy, order, searchterm: 'xc 60', start: '980', end: '1000' },
    // A registration number (issue 40), and a term that is one and also words ('BMW 320' is a model).
    { orderBy, order, searchterm: 'afa 123' },
    { orderBy, order, searchterm: 'bmw 320' },
  ]),
);

// The result count (decision 043): capped, it reads through an index as a list page does, never the whole table.
const COUNTS = [
  '',
  'fuel=diesel',
  'make=volvo',
  'make=volvo&model=xc60',
  'priceMin=100000&priceMax=150000',
  'trans=automat&fuel=diesel&type=kombi&color=svart&drivetrain=fwd',
  'lan=25',
  'searchterm=dragkrok',
  'searchterm=volvp',
  'searchterm=koenigsegg',
  'searchterm=afa%20123',
  'equipment=dragkrok',
  'equipment=nivareglering',
  'near=1480',
  'near=0180&within=25',
  'near=2584&within=10&equipment=dragkrok',
];

describe(`no list page reads the whole table (${ADS} ads)`, () => {
  it.each(SHAPES.map((q) => [new URLSearchParams(q).toString(), q]))('%s', async (_name, query) => {
    const plan = await planOf(`/001/2003?${new URLSearchParams(query as Record<string, string>).toString()}`);
    expect(plan, plan).toMatch(/(Index Scan|Index Only Scan|Bitmap Index Scan)( Backward)? (using|on) cars_\w+/);
    expect(plan, plan).not.toMatch(/Seq Scan on cars\b/);
    expect(sortsWholeTable(plan), plan).toBe(false);
  });

  // A broad filter may be counted by reading the table in any order until the cap: the Limit stops it early (its
  // cost a fraction of the scan's); a narrow one goes through an index.
  it.each(COUNTS)('the count of %j', async (query) => {
    const plan = await planOf(`/cars/count?${query}`);
    const total = (line: RegExp) =>
      Number(/cost=[\d.]+\.\.([\d.]+)/.exec(plan.split('\n').find((l) => line.test(l)) ?? '')?.[1]);
    if (/Seq Scan on cars\b/.test(plan)) expect(total(/Limit/), plan).toBeLessThan(total(/Seq Scan on cars\b/) / 2);
    else expect(plan, plan).toMatch(/(Index Scan|Index Only Scan|Bitmap Index Scan)( Backward)? (using|on) cars_\w+/);
  });

  it('the detector itself finds a Sort over a Seq Scan', async () => {
    expect(sortsWholeTable(await explain('SELECT id FROM inventory.cars ORDER BY description LIMIT 20', []))).toBe(
      true,
    );
  });
});
