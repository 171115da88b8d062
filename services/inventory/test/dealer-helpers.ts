// The dealers of the inventory tests (issue 45): identity owns the real directory (server/src/dealer-directory.ts);
// these tests give inventory one of their own, with the same contract, so the dealer work is tested on its own.
import type { Database } from '@bilmarknaden/db/database';
import type { DealerDirectory, DealerRef } from '@bilmarknaden/service-kit/dealer-directory';
import { FEED_COLUMNS, type FeedColumn } from '@bilmarknaden/shared/dealer-feed';
import { insertCar, testRegistrationNumber, type CarRowInput } from './inventory-helpers.ts';

export interface TestDealer extends DealerRef {
  members: string[];
  keys: string[];
}

/** An in-memory DealerDirectory: approved dealers with their members and live keys; a key can be revoked. */
export function testDealers() {
  const dealers = new Map<string, TestDealer>();
  const directory: DealerDirectory = {
    async ofMember(username) {
      const lower = username.toLowerCase();
      return (
        ref([...dealers.values()].find((d) => d.owner.toLowerCase() === lower || d.members.includes(lower))) ?? null
      );
    },
    async byApiKey(key) {
      return ref([...dealers.values()].find((d) => d.keys.includes(key))) ?? null;
    },
    async bySlug(slug) {
      return ref(dealers.get(slug)) ?? null;
    },
  };
  return {
    directory,
    /** An approved dealer; its owner is a member too. */
    add(d: { slug: string; name: string; owner: string; members?: string[]; keys?: string[]; kommun?: string | null }) {
      dealers.set(d.slug, {
        slug: d.slug,
        name: d.name,
        owner: d.owner,
        kommun: d.kommun ?? null,
        members: (d.members ?? []).map((m) => m.toLowerCase()),
        keys: d.keys ?? [],
      });
      return ref(dealers.get(d.slug))!;
    },
    revoke(key: string) {
      for (const d of dealers.values()) d.keys = d.keys.filter((k) => k !== key);
    },
  };
}

const ref = (d: TestDealer | undefined): DealerRef | undefined =>
  d && { slug: d.slug, name: d.name, kommun: d.kommun, owner: d.owner };

/** A stored ad of a dealer (active by default), straight into the table. */
export async function insertDealerCar(
  db: Database,
  dealer: Pick<DealerRef, 'slug' | 'name' | 'owner'>,
  overrides: Partial<CarRowInput> & { externalId?: string } = {},
): Promise<number> {
  const { externalId, ...rest } = overrides;
  const id = await insertCar(db, { username: dealer.owner, ...rest });
  await db.query('UPDATE inventory.cars SET dealer_slug = $2, dealer_name = $3, external_id = $4 WHERE id = $1', [
    id,
    dealer.slug,
    dealer.name,
    externalId ?? null,
  ]);
  return id;
}

/** One car of a feed, every column as text, with a fresh registration number; override any ('' leaves it empty). */
export function feedCar(externalId: string, overrides: Partial<Record<FeedColumn, string>> = {}) {
  const n = Number(externalId.replace(/\D/g, '')) || 1;
  return {
    externalId,
    registrationNumber: testRegistrationNumber(),
    make: 'Volvo',
    model: 'V70',
    year: '2016',
    price: String(100_000 + n * 100),
    milage: String(10_000 + n),
    hp: '181',
    fuel: 'diesel',
    gearbox: 'automat',
    body: 'kombi',
    colour: 'svart',
    drivetrain: 'awd',
    description: 'Välvårdad bil från vår butik, servad enligt schema.',
    ...overrides,
  } as Partial<Record<FeedColumn, string>>;
}

/** A CSV feed of these cars: every documented column in the header, values quoted where needed. */
export function feedCsv(cars: readonly Partial<Record<FeedColumn, string>>[]): string {
  const columns = FEED_COLUMNS.map((c) => c.column);
  const quote = (v: string) => (/[",\n;]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return [columns.join(','), ...cars.map((car) => columns.map((c) => quote(car[c] ?? '')).join(','))].join('\n');
}
