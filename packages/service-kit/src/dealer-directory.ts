/**
 * What inventory needs to know of dealers (issue 45), which identity owns (DESIGN: identity owns organisations, their
 * users and API keys). The default process answers from identity's repositories in process; a service running alone
 * asks identity over HTTP with the deployment's internal key. Only approved dealers are answered.
 */
export interface DealerRef {
  /** The dealer page's address part, `/handlare/{slug}`; never changes once the dealer is approved. */
  slug: string;
  /** The company name, shown on the dealer's ads. */
  name: string;
  /** The kommun of the dealer's address (four digits), or null. */
  kommun: string | null;
  /** The username of the dealer's owner: the seller of the ads its feed imports. */
  owner: string;
}

export interface DealerDirectory {
  /** The approved dealer this user acts for (owner or invited member), or null for a private seller. */
  ofMember(username: string): Promise<DealerRef | null>;
  /** The approved dealer whose live (not revoked) feed key this is, or null. */
  byApiKey(key: string): Promise<DealerRef | null>;
  /** The approved dealer with this slug, or null. */
  bySlug(slug: string): Promise<DealerRef | null>;
}
