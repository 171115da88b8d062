import type { Database, Queryable } from '@bilmarknaden/db/database';
import type {
  AuditEntry,
  ModerationCar,
  OwnHiddenCar,
  OwnHiddenCarDetail,
  OwnReport,
  OwnUserReport,
  QueueItem,
  UserQueueItem,
} from '@bilmarknaden/shared/api-types';
import { ROLES } from '@bilmarknaden/shared/constants';
import { notificationFooter } from '@bilmarknaden/shared/notifications';
import { AUDIT_ACTIONS } from '@bilmarknaden/shared/schemas/moderation-schemas';
import { adReportRules, normalizeReport, userReportRules } from '@bilmarknaden/shared/validation/report';
import {
  MODERATION_MESSAGES as M,
  moderationReasonRules,
  normalizeReason,
  normalizeReview,
  REPORTS_PER_HOUR,
  reviewRequestRules,
} from '@bilmarknaden/shared/validation/moderation';
import { lastFailure, text } from '@bilmarknaden/shared/validation/rules';
import type { IdentityClient, NotificationRequest } from '@bilmarknaden/service-kit/identity-client';
import { DomainError, refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import { requireStaff } from '@bilmarknaden/service-kit/staff-role';
import { hourlyLimit, reportsLimitKey } from '@bilmarknaden/db/window-limits';
import { MESSAGES } from '../errors.ts';
import { carDetailsRepository } from '../repositories/car-details-repository.ts';
import { carsRepository } from '../repositories/cars-repository.ts';
import { closedSellersRepository } from '../repositories/closed-sellers-repository.ts';
import { adReportsRepository, type DecidedReport } from '../repositories/ad-reports-repository.ts';
import { blockedSellersRepository } from '../repositories/blocked-sellers-repository.ts';
import { hiddenAdsRepository } from '../repositories/hidden-ads-repository.ts';
import { moderationAuditRepository, type AuditFilter } from '../repositories/moderation-audit-repository.ts';
import { userReportsRepository, type DecidedUserReport } from '../repositories/user-reports-repository.ts';
import { parseWindow } from './search-query.ts';
import type { Log } from '@bilmarknaden/service-kit/log';

/** The token's user as the rules see it. */
export interface ModerationUser {
  username: string;
  role: number;
}

export interface ModerationMail {
  identity: IdentityClient;
  /** The site's address for the links in mails. */
  publicUrl: string;
}

/**
 * Whether an account of that name exists, answered with identity's spelling of it, or null (unknown or closed).
 * Identity owns the accounts: the default process reads its table, a service alone asks its public profile route.
 */
export type UserLookup = (username: string) => Promise<string | null>;

export interface ModerationServiceDeps {
  db: Database;
  /** Who can be reported; without it, the sellers inventory knows (an ad shown or hidden, the account open). */
  userLookup?: UserLookup;
  /** Mail to reporters and sellers through identity (decision 032); none without it. */
  mail?: ModerationMail;
  log: Pick<Log, 'error'>;
  now?: () => Date;
}

const QUEUE_LIMIT = 100;

const sameUser = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** An ISO date-time of the audit filter, or 400 on its field. */
function dateFilter(value: unknown, field: string): Date | undefined {
  const v = text(value);
  if (v === '') return undefined;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw new DomainError('invalid', M.auditFilter, { field });
  return d;
}

/** Asks identity to mail; a failure is logged and the action stands (the outcome is on the user's list). */
export async function sendMails(
  mail: ModerationMail | undefined,
  log: Pick<Log, 'error'> | undefined,
  requests: NotificationRequest[],
): Promise<void> {
  if (!mail) return;
  for (const request of requests) {
    await mail.identity.notify(request).catch((err: unknown) => {
      log?.error({ err, key: request.key }, 'a moderation mail was not stored; the outcome shows on the user’s list');
    });
  }
}

/** The outcome of a report of a user, to its reporter; the moderator is not named. */
export function userReporterMails(
  mail: ModerationMail | undefined,
  decided: DecidedUserReport[],
  outcome: 'blocked' | 'dismissed',
): NotificationRequest[] {
  if (!mail) return [];
  return decided
    .flatMap((r) => (r.reporter === null ? [] : [{ ...r, reporter: r.reporter }]))
    .map((r) => ({
      key: `user-report-outcome:${r.id}`,
      username: r.reporter,
      kind: 'reports',
      subject: 'Besked om din anmälan',
      text:
        `Tack för att du anmälde användaren ${r.username}. Vi har granskat anmälan` +
        (outcome === 'blocked'
          ? ' och spärrat användaren från Bilmarknaden.'
          : ' och hittade inget brott mot våra regler.') +
        `\n\nDina anmälningar: ${mail.publicUrl}/reports\n\n${notificationFooter(mail.publicUrl)}`,
    }));
}

/** The sellers inventory knows: a user with an ad shown or hidden whose account is not closed. */
function sellerLookup(db: Database): UserLookup {
  return (username) => carsRepository(db).findSeller(username);
}

/**
 * Reports of ads, the moderators' queue and actions (hide, restore, dismiss), the seller's review request and the
 * audit log (issue #27, decision 042). Every action checks the role first, then the rules: a moderator never acts
 * on their own ad or on an ad they reported.
 */
export function moderationService({
  db,
  mail,
  log,
  now = () => new Date(),
  userLookup = sellerLookup(db),
}: ModerationServiceDeps) {
  const adReports = adReportsRepository(db);
  const userReports = userReportsRepository(db);
  const hiddenAds = hiddenAdsRepository(db);
  const audit = moderationAuditRepository(db);
  const cars = carsRepository(db);
  const details = carDetailsRepository(db);
  const send = (requests: NotificationRequest[]) => sendMails(mail, log, requests);

  /**
   * Stores a report under the reporter's hourly limit, shared with messaging's reports of conversations (issue 46):
   * counted and recorded in the insert's transaction, so a refused or duplicate report counts nothing. `insert`
   * answers the new id, or null for a duplicate (then `duplicate` is thrown).
   */
  async function underReportLimit(
    user: ModerationUser,
    insert: (tx: Queryable) => Promise<number | null>,
    duplicate: string,
  ): Promise<number> {
    return db.transaction(async (tx) => {
      const at = now();
      const limit = hourlyLimit(tx, reportsLimitKey(user.username), REPORTS_PER_HOUR);
      const limited = await limit.check(at);
      if (limited) {
        const { retryAfterSeconds } = limited;
        throw new DomainError('too-many', M.tooManyReports(Math.ceil(retryAfterSeconds / 60)), { retryAfterSeconds });
      }
      const id = await insert(tx);
      if (id === null) throw new DomainError('conflict', duplicate);
      await limit.record(at);
      return id;
    });
  }

  const footer = () => (mail ? notificationFooter(mail.publicUrl) : '');
  const link = (path: string) => `${mail?.publicUrl ?? ''}${path}`;

  function reporterMails(decided: DecidedReport[], outcome: 'hidden' | 'dismissed'): NotificationRequest[] {
    return decided
      .flatMap((r) => (r.reporter === null ? [] : [{ ...r, reporter: r.reporter }]))
      .map((r) => ({
        key: `report-outcome:${r.id}`,
        username: r.reporter,
        kind: 'reports',
        subject: 'Besked om din anmälan',
        text:
          `Tack för att du anmälde annonsen ”${r.title}”. Vi har granskat den` +
          (outcome === 'hidden'
            ? ' och tagit bort annonsen från Bilmarknaden.'
            : ' och hittade inget brott mot våra regler, så annonsen ligger kvar.') +
          `\n\nDina anmälningar: ${link('/reports')}\n\n${footer()}`,
      }));
  }

  const sellerMail = (key: string, seller: string, subject: string, body: string): NotificationRequest => ({
    key,
    username: seller,
    kind: 'moderation',
    subject,
    text: `${body}\n\nDina dolda annonser: ${link('/reports')}\n\n${footer()}`,
  });

  /** The ad of a moderator action: 404 unless shown or hidden, 403 on one's own ad or an ad one reported. */
  async function actionable(user: ModerationUser, carId: number | null) {
    requireStaff(user);
    const ad = carId === null ? null : await cars.findOwnership(carId);
    if (!ad || ad.status === 'pending') throw new DomainError('not-found', MESSAGES.carNotFound);
    if (sameUser(ad.username, user.username)) throw new DomainError('forbidden', M.ownAd);
    if (await adReports.hasOpenReportBy(ad.id, user.username)) throw new DomainError('forbidden', M.ownReport);
    return ad;
  }

  return {
    /** 'Anmäl annons': one open report per user and ad, at most REPORTS_PER_HOUR an hour. */
    async report(user: ModerationUser, body: Record<string, unknown>): Promise<number> {
      const carId = typeof body.carId === 'number' ? body.carId : null;
      const car = carId === null ? null : await details.findActive(carId);
      if (!car) throw new DomainError('not-found', MESSAGES.carNotFound);
      if (sameUser(car.user, user.username)) throw new DomainError('forbidden', M.reportOwnAd);
      const input = normalizeReport(body);
      refuseFailure(lastFailure(adReportRules, input));
      return underReportLimit(
        user,
        (tx) =>
          adReportsRepository(tx).insertReport({
            carId: car.id,
            seller: car.user,
            title: car.title,
            reporter: user.username,
            reason: input.reason,
            text: input.text,
          }),
        M.alreadyReported,
      );
    },

    /**
     * 'Anmäl användare': not oneself (403), an account that exists (404), one open report per reporter and user
     * (409); the same hourly limit as the reports of ads, counted together.
     */
    async reportUser(user: ModerationUser, username: string, body: Record<string, unknown>): Promise<number> {
      const name = username.trim();
      if (name !== '' && sameUser(name, user.username)) throw new DomainError('forbidden', M.reportSelf);
      const closed = name === '' || (await closedSellersRepository(db).isClosed(name));
      const reported = closed ? null : await userLookup(name);
      if (reported === null) throw new DomainError('not-found', M.userNotFound);
      const input = normalizeReport(body);
      refuseFailure(lastFailure(userReportRules, input));
      return underReportLimit(
        user,
        (tx) =>
          userReportsRepository(tx).insertUserReport({
            reported,
            reporter: user.username,
            reason: input.reason,
            text: input.text,
          }),
        M.alreadyReportedUser,
      );
    },

    ownUserReports(user: ModerationUser, query: Record<string, unknown>): Promise<OwnUserReport[]> {
      return userReports.ownUserReports(user.username, parseWindow(query));
    },

    /** 'Anmälda användare': the reported users, for staff. */
    async userQueue(user: ModerationUser): Promise<UserQueueItem[]> {
      requireStaff(user);
      return userReports.userQueue(QUEUE_LIMIT, user.username);
    },

    /** No breach found: the user's open reports are dismissed and their reporters told; not about or by oneself. */
    async dismissUser(user: ModerationUser, username: string, body: Record<string, unknown>): Promise<void> {
      requireStaff(user);
      const name = username.trim();
      if (name === '' || !(await userReports.isReportedUser(name))) throw new DomainError('not-found', M.userNotFound);
      if (sameUser(name, user.username)) throw new DomainError('forbidden', M.userReportAboutSelf);
      if (await userReports.hasOpenUserReportBy(name, user.username))
        throw new DomainError('forbidden', M.ownUserReport);
      const reason = text(body.reason);
      const decided = await db.transaction(async (tx) => {
        const done = await userReportsRepository(tx).decideUserReports(name, 'dismissed');
        if (done.length > 0) {
          await moderationAuditRepository(tx).audit({
            actor: user.username,
            action: 'dismiss',
            username: done[0]!.username,
            reason,
          });
        }
        return done;
      });
      if (decided.length === 0) throw new DomainError('conflict', M.nothingToDismiss);
      await send(userReporterMails(mail, decided, 'dismissed'));
    },

    /**
     * The owner opens their hidden ad: as the detail shows it, without photos (hidden photos are not served), with
     * the moderators' reason and the review state. Anyone else, moderators too, gets 404 as the public does.
     */
    async ownHiddenCar(user: ModerationUser, carId: number): Promise<OwnHiddenCarDetail> {
      const car = await details.findForModeration(carId);
      const hidden = car && sameUser(car.user, user.username) ? await hiddenAds.hidden(car.id) : null;
      if (!car || !hidden) throw new DomainError('not-found', MESSAGES.carNotFound);
      return { car: { ...car, imageCount: 0 }, hidden };
    },

    ownReports(user: ModerationUser, query: Record<string, unknown>): Promise<OwnReport[]> {
      return adReports.ownReports(user.username, parseWindow(query));
    },

    ownHidden(user: ModerationUser): Promise<OwnHiddenCar[]> {
      return hiddenAds.ownHidden(user.username);
    },

    /** 'Begär omprövning': once per hiding, by the owner; the ad returns to the queue, marked. */
    async requestReview(user: ModerationUser, carId: number, body: Record<string, unknown>): Promise<void> {
      const ad = await cars.findOwnership(carId);
      // Anyone but the owner is answered as if the ad did not exist: a hidden ad shows through no side door.
      if (!ad || ad.status === 'pending' || !sameUser(ad.username, user.username)) {
        throw new DomainError('not-found', MESSAGES.carNotFound);
      }
      const input = normalizeReview(body);
      refuseFailure(lastFailure(reviewRequestRules, input));
      if ((await hiddenAds.hidden(carId))?.heldForPrice) throw new DomainError('conflict', M.heldInReview);
      const result = await hiddenAds.requestReview(carId, input.text);
      if (result === 'not-hidden') throw new DomainError('conflict', M.notHidden);
      if (result === 'already') throw new DomainError('conflict', M.reviewAlreadyAsked);
    },

    async queue(user: ModerationUser): Promise<QueueItem[]> {
      requireStaff(user);
      return adReports.queue(QUEUE_LIMIT, user.username);
    },

    /** One ad as the moderators see it: as the public would (hidden too), its reports and its seller's record. */
    async car(user: ModerationUser, carId: number | null): Promise<ModerationCar> {
      requireStaff(user);
      const car = carId === null ? null : await details.findForModeration(carId);
      const ad = car ? await cars.findOwnership(car.id) : null;
      if (!car || !ad || ad.status === 'pending' || ad.status === 'expired') {
        throw new DomainError('not-found', MESSAGES.carNotFound);
      }
      const [hidden, reports, sellerBlocked, sellerAds, sellerHistory] = [
        await hiddenAds.hidden(car.id),
        await adReports.openReports(car.id),
        await blockedSellersRepository(db).isBlocked(car.user),
        (await adReports.sellerAds(car.user)).filter((a) => a.id !== car.id),
        await adReports.sellerHistory(car.user),
      ];
      return { car, status: ad.status, hidden, reports, sellerBlocked, sellerAds, sellerHistory };
    },

    /**
     * Hides the ad with a reason the seller is shown; its open reports are decided 'hidden'. An ad held for its
     * price becomes hidden by the moderator, and its seller may then ask for a review.
     */
    async hide(user: ModerationUser, carId: number | null, body: Record<string, unknown>): Promise<void> {
      const ad = await actionable(user, carId);
      const input = normalizeReason(body);
      refuseFailure(lastFailure(moderationReasonRules, input));
      const car = await details.findForModeration(ad.id);
      const done = await db.transaction(async (tx) => {
        if (!(await hiddenAdsRepository(tx).hide(ad.id, input.reason, user.username))) return null;
        const decided = await adReportsRepository(tx).decideReports(ad.id, 'hidden');
        await moderationAuditRepository(tx).audit({
          actor: user.username,
          action: 'hide',
          carId: ad.id,
          username: ad.username,
          reason: input.reason,
        });
        return decided;
      });
      if (done === null) throw new DomainError('conflict', M.alreadyHidden);
      const title = car?.title ?? '';
      await send([
        sellerMail(
          `ad-hidden:${ad.id}:${now().getTime()}`,
          ad.username,
          'Din annons har dolts',
          `Din annons ”${title}” har dolts av Bilmarknadens moderatorer och visas inte längre för andra.\n\n` +
            `Anledning: ${input.reason}\n\nDu kan begära omprövning en gång.`,
        ),
        ...reporterMails(done, 'hidden'),
      ]);
    },

    /** Shows a hidden ad again, or approves one held for its price (at once, for everyone, unless its seller is blocked). */
    async restore(user: ModerationUser, carId: number | null, body: Record<string, unknown>): Promise<void> {
      const ad = await actionable(user, carId);
      const reason = text(body.reason);
      const wasHeld = (await hiddenAds.hidden(ad.id))?.heldForPrice ?? false;
      const restored = await db.transaction(async (tx) => {
        if (!(await hiddenAdsRepository(tx).restore(ad.id))) return false;
        await moderationAuditRepository(tx).audit({
          actor: user.username,
          action: 'restore',
          carId: ad.id,
          username: ad.username,
          reason,
        });
        return true;
      });
      if (!restored) throw new DomainError('conflict', M.notHidden);
      const car = await details.findForModeration(ad.id);
      await send([
        wasHeld
          ? sellerMail(
              `ad-approved:${ad.id}`,
              ad.username,
              'Din annons är godkänd',
              `Bilmarknadens moderatorer har granskat din annons ”${car?.title ?? ''}”, och den visas nu för alla.`,
            )
          : sellerMail(
              `ad-restored:${ad.id}:${now().getTime()}`,
              ad.username,
              'Din annons visas igen',
              `Bilmarknadens moderatorer har granskat din annons ”${car?.title ?? ''}” igen, och den visas nu som vanligt.`,
            ),
      ]);
    },

    /** No breach found: the open reports are dismissed; a review request on a hidden ad is answered 'kept hidden'. */
    async dismiss(user: ModerationUser, carId: number | null, body: Record<string, unknown>): Promise<void> {
      const ad = await actionable(user, carId);
      const reason = text(body.reason);
      const done = await db.transaction(async (tx) => {
        const log = moderationAuditRepository(tx);
        const decided = await adReportsRepository(tx).decideReports(ad.id, 'dismissed');
        const kept = await hiddenAdsRepository(tx).keepHidden(ad.id);
        if (decided.length > 0) {
          await log.audit({ actor: user.username, action: 'dismiss', carId: ad.id, username: ad.username, reason });
        }
        if (kept) {
          await log.audit({ actor: user.username, action: 'keep-hidden', carId: ad.id, username: ad.username, reason });
        }
        return { decided, kept };
      });
      if (done.decided.length === 0 && !done.kept) throw new DomainError('conflict', M.nothingToDismiss);
      const car = await details.findForModeration(ad.id);
      await send([
        ...reporterMails(done.decided, 'dismissed'),
        ...(done.kept
          ? [
              sellerMail(
                `ad-kept-hidden:${ad.id}`,
                ad.username,
                'Din annons förblir dold',
                `Bilmarknadens moderatorer har granskat din annons ”${car?.title ?? ''}” igen och den förblir dold.`,
              ),
            ]
          : []),
      ]);
    },

    /** The audit log (administrators): newest first, filtered by actor, action, user, ad and time. */
    async auditLog(user: ModerationUser, query: Record<string, unknown>): Promise<AuditEntry[]> {
      if (user.role !== ROLES.administrator) throw new DomainError('forbidden', M.auditAdminOnly);
      const filter: AuditFilter = {};
      const actor = text(query.actor);
      if (actor !== '') filter.actor = actor;
      const action = text(query.action);
      if (action !== '') {
        if (!(AUDIT_ACTIONS as readonly string[]).includes(action)) {
          throw new DomainError('invalid', M.auditFilter, { field: 'action' });
        }
        filter.action = action;
      }
      const username = text(query.username);
      if (username !== '') filter.username = username;
      const carId = text(query.carId);
      if (carId !== '') {
        if (!/^\d{1,9}$/.test(carId)) throw new DomainError('invalid', M.auditFilter, { field: 'carId' });
        filter.carId = Number(carId);
      }
      const from = dateFilter(query.from, 'from');
      if (from) filter.from = from;
      const to = dateFilter(query.to, 'to');
      if (to) filter.to = to;
      return audit.auditLog(filter, parseWindow(query, 100));
    },
  };
}

export type ModerationService = ReturnType<typeof moderationService>;
