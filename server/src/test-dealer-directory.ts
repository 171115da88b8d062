import type { DealerDirectory, DealerRef } from '@bilmarknaden/service-kit/dealer-directory';

/**
 * Dealers for the browser journeys until identity's dealer accounts are merged (issue 45): TEST_DEALERS is a JSON
 * list of `{slug, name, owner, kommun?, keys?}`; each dealer's only member is its owner. Never read in production
 * (server/src/app.ts); identity's directory (server/src/dealer-directory.ts) replaces it.
 */
export function testDealerDirectory(json: string): DealerDirectory {
  const dealers = (JSON.parse(json) as (DealerRef & { keys?: string[] })[]).map((d) => ({
    ref: { slug: d.slug, name: d.name, owner: d.owner, kommun: d.kommun ?? null },
    keys: d.keys ?? [],
  }));
  return {
    ofMember: async (username) =>
      dealers.find((d) => d.ref.owner.toLowerCase() === username.toLowerCase())?.ref ?? null,
    byApiKey: async (key) => dealers.find((d) => d.keys.includes(key))?.ref ?? null,
    bySlug: async (slug) => dealers.find((d) => d.ref.slug === slug)?.ref ?? null,
  };
}
