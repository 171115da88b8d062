import type { TokenClaims } from '@bilmarknaden/shared/auth/token';
import type { BearerAuth } from '@bilmarknaden/service-kit/bearer-auth';
import type { AdService } from '../services/ad-service.ts';
import type { AdLifecycleService } from '../services/ad-lifecycle-service.ts';
import type { ViewCounter } from '../services/view-counter.ts';
import type { CatalogueService } from '../services/catalogue-service.ts';
import type { FeedbackService } from '../services/feedback-service.ts';
import type { ListingService } from '../services/listing-service.ts';
import type { ModerationService } from '../services/moderation-service.ts';
import type { PriceService } from '../services/price-service.ts';
import type { SavedService } from '../services/saved-service.ts';
import type { WatchService } from '../services/watch-service.ts';

/** What every route file gets from the plugin. */
export interface RouteContext {
  ads: AdService;
  listings: ListingService;
  catalogue: CatalogueService;
  prices: PriceService;
  feedback: FeedbackService;
  moderation: ModerationService;
  saved: SavedService;
  watches: WatchService;
  /** Renewal, 'Mina annonser' and the reminders' answers (issue 43). */
  lifecycle: AdLifecycleService;
  /** The buffered counts of ads' page views. */
  views: ViewCounter;
  /** Bearer token hooks (`required`, `optional`) and the verified user. */
  auth: BearerAuth<TokenClaims>;
  feedbackRateLimit: { max: number; timeWindow: number } | false;
}
