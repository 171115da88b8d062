// The API layout of DESIGN.md: the specification's paths under each service's base.
export const IDENTITY_BASE = '/api/identity';
export const INVENTORY_BASE = '/api/inventory';
export const FILES_BASE = '/files';

export const identityPaths = {
  user: '/user',
  userByUsername: '/user/username',
  login: '/user/login',
  refresh: '/user/refresh',
  password: '/user/password',
  passwordReset: '/user/password-reset',
  passwordResetConfirm: '/user/password-reset/confirm',
  /** GET and PUT the caller's 'Aviseringar': `{ messages: true }`. */
  notificationSettings: '/user/notification-settings',
  /** POST starts a BankID verification of the caller; GET and DELETE `/{orderRef}` poll and cancel it (issue 42). */
  verification: '/user/verification',
  verificationOrder: (orderRef: string) => `/user/verification/${orderRef}`,
  /** Services of one deployment only (INTERNAL_API_KEY): POST a NotificationRequest. */
  internalNotifications: '/internal/notifications',
  /** Services of one deployment only (INTERNAL_API_KEY): GET `?since=` the recent token revocations. */
  internalTokenRevocations: '/internal/token-revocations',
  /** Staff: PUT `{blocked, reason}` blocks or unblocks a user (role 2 users, role 3 also moderators); encode the name. */
  userBlocked: (username: string) => `/users/${username}/blocked`,
  jwks: '/.well-known/jwks.json',
  docs: '/docs',
  // Dealer accounts (issue 45, decision 059).
  /** POST: the caller applies to become a dealer ('Bli handlare'). */
  dealerApplication: '/dealer/application',
  /** GET and PUT the caller's own dealer ('Mitt företag'). */
  ownDealer: '/dealer',
  /** PUT the caller's dealer's logo (the image as the body). */
  ownDealerLogo: '/dealer/logo',
  /** GET the members and open invitations; DELETE `/{username}` removes a member (the owner). */
  dealerMembers: '/dealer/members',
  dealerMember: (username: string) => `/dealer/members/${username}`,
  /** POST `{email}` invites by mail (the owner); DELETE `/{id}` withdraws an invitation. */
  dealerInvites: '/dealer/invites',
  dealerInvite: (id: number | string) => `/dealer/invites/${id}`,
  /** POST `{token}`: the logged-in caller accepts an invitation. */
  dealerInviteAcceptance: '/dealer/invites/acceptance',
  /** GET the feed's keys, POST makes one (answered once); DELETE `/{id}` revokes one. */
  dealerApiKeys: '/dealer/api-keys',
  dealerApiKey: (id: number | string) => `/dealer/api-keys/${id}`,
  /** Public: GET an approved dealer's profile and logo. */
  dealerProfile: (slug: string) => `/dealers/${slug}`,
  dealerLogo: (slug: string) => `/dealers/${slug}/logo`,
  /** Staff: GET the applications waiting; POST `/{id}/approval` and `/{id}/rejection` `{reason}` decide one. */
  dealerApplications: '/dealer-applications',
  dealerApproval: (id: number | string) => `/dealer-applications/${id}/approval`,
  dealerRejection: (id: number | string) => `/dealer-applications/${id}/rejection`,
  /** Services of one deployment only (INTERNAL_API_KEY): DealerDirectory over HTTP. */
  internalDealerOfMember: '/internal/dealers/of-member',
  internalDealerByApiKey: '/internal/dealers/by-api-key',
  internalDealerBySlug: '/internal/dealers/by-slug',
} as const;

export const inventoryPaths = {
  createCar: '/001/1001',
  listCars: '/001/2003',
  car: '/001/2001',
  carsByUser: '/001/2002',
  makes: '/002/2001',
  models: '/002/2002',
  toggleSaved: '/001/3001',
  savedCars: '/001/3002',
  /** GET the caller's saved ads removed since (issue 26). */
  savedRemoved: '/saved/removed',
  /** DELETE dismisses one removed saved ad's mark. */
  savedRemovedById: (id: number | string) => `/saved/removed/${id}`,
  /** Owner actions: PUT and DELETE `/cars/{id}`. */
  carById: (id: number | string) => `/cars/${id}`,
  /** Owner: PUT marks the ad sold, DELETE takes the sale back ('Ångra'). */
  carSold: (id: number | string) => `/cars/${id}/sold`,
  /** Owner: GET the caller's sold ads, newest sale first. */
  ownSoldCars: '/cars/sold',
  /** Public: GET how many visible ads the list's filters match, counted up to LIST_COUNT_CAP (decision 043). */
  countCars: '/cars/count',
  /** Public: GET up to 6 visible ads of the ad's make and model nearest its price ('Liknande bilar'). */
  similarCars: (id: number | string) => `/cars/${id}/similar`,
  /** Logged in: GET the vehicle register's facts of a registration number (the new-ad form); 404 when unknown. */
  vehicleRegister: (number: string) => `/vehicle-register/${number}`,
  /** Public: the market range of comparable ads for make, model, year and milage (the ad forms). */
  priceRange: '/price-range',
  feedback: '/feedback',
  /** Bevakningar (issue 26): GET the caller's, POST saves a search. */
  watches: '/watches',
  /** GET, PUT (name, notify, paused) and DELETE one of the caller's bevakningar. */
  watchById: (id: number | string) => `/watches/${id}`,
  /** GET the bevakning's matched ads, new first. */
  watchAds: (id: number | string) => `/watches/${id}/ads`,
  /** PUT: the owner has looked; its ads are no longer new. */
  watchSeen: (id: number | string) => `/watches/${id}/seen`,
  /** GET `{newCount}` across the caller's bevakningar (the drawer's badge). */
  watchesNewCount: '/watches/new-count',
  /** POST `{watch, token}`: a mail's one-click unsubscribe link (no login). */
  watchesUnsubscribe: '/watches/unsubscribe',
  /** Staff: DELETE removes one feedback for good. */
  feedbackById: (id: number | string) => `/feedback/${id}`,
  /** Staff: PUT marks one feedback handled, DELETE opens it again. */
  feedbackHandled: (id: number | string) => `/feedback/${id}/handled`,
  /** POST `{carId, reason, text?}` reports an ad ('Anmäl annons'). */
  reports: '/reports',
  /** GET the caller's reports with their outcome ('Mina anmälningar'). */
  ownReports: '/reports/mine',
  /** Owner: GET the caller's ads hidden by the moderators, with the reason. */
  ownHiddenCars: '/cars/hidden',
  /** Owner: GET one own hidden ad as the detail shows it (no photos), with the reason; 404 to anyone else. */
  ownHiddenCar: (id: number | string) => `/cars/${id}/hidden`,
  /** Owner: GET the caller's ads with state, views, saves and views per day ('Mina annonser', issue 43). */
  ownCars: '/cars/mine',
  /** Owner: PUT renews the ad for 60 more days ('Förnya'); an expired ad is shown again. */
  carRenewal: (id: number | string) => `/cars/${id}/renewal`,
  /** Public: GET what an expired ad's page shows ('Annonsen har gått ut'); 404 for any other ad. */
  expiredCar: (id: number | string) => `/cars/${id}/expired`,
  /** Public: POST `{carId}` counts a view of the ad's page (buffered; not the owner, robots or repeats in an hour). */
  carViews: '/cars/views',
  /** POST `{car, answer, token}`: a one-click answer to 'Är bilen fortfarande till salu?' (no login). */
  stillForSale: '/cars/still-for-sale',
  /** GET `?username=` how many ads a seller has for sale and sold (the seller box, issue 42). */
  sellerSummary: '/sellers/summary',
  /** POST `{reason, text?}` reports a user ('Anmäl användare'); encode the name. */
  userReports: (username: string) => `/users/${username}/reports`,
  /** GET the caller's reports of users with their outcome ('Mina anmälningar'). */
  ownUserReports: '/reports/mine/users',
  /** Staff: GET the reported users with their open reports, ads and record ('Anmälda användare'). */
  moderationUsers: '/moderation/users',
  /** Staff: POST `{reason?}` dismisses the open reports of a user (no breach found); encode the name. */
  moderationUserDismissal: (username: string) => `/moderation/users/${username}/dismissal`,
  /** Owner: POST `{text}` asks once for a new review of a hidden ad ('Begär omprövning'). */
  carReview: (id: number | string) => `/cars/${id}/review`,
  /** Staff: GET the open reports grouped by ad, and the review requests. */
  moderationQueue: '/moderation/queue',
  /** Staff: GET one ad as the moderators see it (reports, the seller's other ads and history). */
  moderationCar: (id: number | string) => `/moderation/cars/${id}`,
  /** Staff: PUT `{reason}` hides the ad, DELETE restores it. */
  moderationHidden: (id: number | string) => `/moderation/cars/${id}/hidden`,
  /** Staff: POST `{reason?}` dismisses the ad's open reports (and keeps a reviewed ad hidden). */
  moderationDismissal: (id: number | string) => `/moderation/cars/${id}/dismissal`,
  /** Administrators: GET the audit log of moderator actions, filtered. */
  moderationAudit: '/moderation/audit',
  /**
   * A dealer's import feed (issue 45): POST uploads a feed (multipart; a member's token or the dealer's API key), GET
   * lists its runs (members and staff).
   */
  dealerImports: (slug: string) => `/dealers/${slug}/imports`,
  /** GET one run's status, progress and report (members and staff). */
  dealerImport: (slug: string, id: number | string) => `/dealers/${slug}/imports/${id}`,
  /** GET, PUT `{url, intervalMinutes}` and DELETE the dealer's scheduled feed URL (members and staff). */
  dealerFeed: (slug: string) => `/dealers/${slug}/feed`,
  docs: '/docs',
} as const;

/** Answer header of the ad list naming the listing's snapshot; later windows send it back as `asOf`. */
export const LIST_AS_OF_HEADER = 'X-List-As-Of';

const versionQuery = (version: number) => (version > 1 ? `?v=${version}` : '');

/** Photo n (1…8) of an ad in full size. */
export function imagePath(carId: number, n: number, version = 1): string {
  return `${FILES_BASE}/${carId}-${n}.jpeg${versionQuery(version)}`;
}

/** The small card variant of photo n (≤ 30 KB). */
export function cardImagePath(carId: number, n: number, version = 1): string {
  return `${FILES_BASE}/${carId}-${n}-card.jpeg${versionQuery(version)}`;
}

export const MESSAGING_BASE = '/api/messaging';

export const messagingPaths = {
  /** POST `{carId, text}` starts (or continues) the caller's conversation about an ad; GET lists the inbox. */
  conversations: '/conversations',
  /** GET `{unread}`: how many conversations hold messages the caller has not read. */
  unreadCount: '/conversations/unread-count',
  /** GET one conversation with its messages (the newest 100; `?before=<messageId>` for older ones). */
  conversation: (id: number | string) => `/conversations/${id}`,
  /** POST `{text}` answers in a conversation. */
  messages: (id: number | string) => `/conversations/${id}/messages`,
  /** PUT `{upTo}` marks the caller's messages read up to a message id. */
  read: (id: number | string) => `/conversations/${id}/read`,
  /**
   * The köpekontrakt of a conversation (issue 41): GET it (or the seller's prefilled draft), PUT `{terms}` creates or
   * changes it (the seller; clears both signatures).
   */
  contract: (id: number | string) => `/conversations/${id}/contract`,
  /** POST `{version}` signs the version the caller read ('Signera'). */
  contractSignature: (id: number | string) => `/conversations/${id}/contract/signature`,
  /** GET the signed contract as a PDF (both signed). */
  contractPdf: (id: number | string) => `/conversations/${id}/contract/pdf`,
  /** PUT `{item, done}` ticks an item of the caller's 'Ägarbyte' checklist (both signed). */
  contractChecklist: (id: number | string) => `/conversations/${id}/contract/checklist`,
  /** PUT blocks the other party, DELETE lifts the caller's block. */
  block: (id: number | string) => `/conversations/${id}/block`,
  /** POST `{reason, text?}` reports the conversation to the moderators. */
  report: (id: number | string) => `/conversations/${id}/report`,
  /** Staff: GET the open reports of conversations with their newest messages (the Kontrollpanel's queue). */
  reports: '/reports',
  /** Staff: GET the messages that tripped a warning rule, newest first (`?cursor=` the previous page's nextCursor). */
  flaggedMessages: '/flagged-messages',
  /** GET the caller's own reports of conversations with their outcome ('Mina anmälningar'). */
  ownReports: '/reports/mine',
  /** Staff: PUT `{outcome, note?}` decides an open report of a conversation ('Åtgärdad' / 'Ingen överträdelse'). */
  reportDecision: (id: number | string) => `/reports/${id}/decision`,
  /** GET `?username=` the seller's median first reply of the last 90 days ('Svarar oftast inom …', issue 42). */
  sellerReplyTime: '/sellers/reply-time',
  /** GET how many conversations there are about each of the caller's ads ('Mina annonser', issue 43). */
  adConversationCounts: '/conversations/per-ad',
  /** GET: server-sent events for the caller (Authorization header; `Last-Event-ID` catches up). */
  events: '/events',
  docs: '/docs',
} as const;
