import { isStaffRole } from '@bilmarknaden/shared/constants';
import { FEED_MESSAGES } from '@bilmarknaden/shared/dealer-feed';
import type { DealerDirectory, DealerRef } from '@bilmarknaden/service-kit/dealer-directory';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';

/** Who sends or reads a dealer's feed: a member (or staff) by token, or the dealer itself by its API key. */
export interface FeedCaller {
  dealer: DealerRef;
  source: 'upload' | 'api-key';
  username: string | null;
}

/** The right to a dealer's import feed (issue 45, decision 060): its API key, its members, and staff. */
export function dealerFeedCallers(dealers: DealerDirectory) {
  return {
    /** The dealer whose key this is, when it is the dealer `slug`; otherwise 401 (unknown, revoked or another's). */
    async byApiKey(slug: string, key: string): Promise<FeedCaller> {
      const dealer = await dealers.byApiKey(key);
      if (!dealer || dealer.slug !== slug) throw new DomainError('unauthorized', FEED_MESSAGES.keyInvalid);
      return { dealer, source: 'api-key', username: null };
    },

    /** A signed-in user: a member of the dealer `slug`, or staff (404 for a dealer that does not exist); else 403. */
    async byUser(slug: string, user: { username: string; role: number }): Promise<FeedCaller> {
      const own = await dealers.ofMember(user.username);
      if (own?.slug === slug) return { dealer: own, source: 'upload', username: user.username };
      if (isStaffRole(user.role)) {
        const dealer = await dealers.bySlug(slug);
        if (!dealer) throw new DomainError('not-found', FEED_MESSAGES.notFound);
        return { dealer, source: 'upload', username: user.username };
      }
      throw new DomainError('forbidden', FEED_MESSAGES.forbidden);
    },
  };
}

export type DealerFeedCallers = ReturnType<typeof dealerFeedCallers>;
