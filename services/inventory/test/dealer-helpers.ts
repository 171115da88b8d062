// The dealers of the inventory tests (issue 45): identity owns the real directory (server/src/dealer-directory.ts);
// these tests give inventory one of their own, with the same contract, so the dealer work is tested on its own.
import type { Database } from '@bilmarknaden/db/database';
import type { DealerDirectory, DealerRef } from '@bilmarknaden/service-kit/dealer-directory';
import { insertCar, type CarRowInput } from './inventory-helpers.ts';

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
