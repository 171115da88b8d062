import type { Database } from '@bilmarknaden/db/database';
import { AD_LIFECYCLE_MESSAGES, type StillForSaleAnswer } from '@bilmarknaden/shared/ad-lifecycle';
import { MODERATION_MESSAGES } from '@bilmarknaden/shared/validation/moderation';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { MESSAGES } from '../errors.ts';
import { adLifecycleRepository } from '../repositories/ad-lifecycle-repository.ts';
import { carsRepository } from '../repositories/cars-repository.ts';
import { priceRepository } from '../repositories/price-repository.ts';
import { answerTokens } from './answer-tokens.ts';

export interface AdLifecycleDeps {
  db: Database;
  /** The clock of renewals and links (tests move it). */
  now?: () => Date;
}

/**
 * Renewal ('Förnya'), the expired ad's page, 'Mina annonser' and the one-click answers to 'Är bilen fortfarande
 * till salu?' (issue 43, decision 054). The sweep and its mails are jobs (src/jobs/ad-lifecycle.ts).
 */
export function adLifecycleService({ db, now = () => new Date() }: AdLifecycleDeps) {
  const lifecycle = adLifecycleRepository(db);
  const cars = carsRepository(db);
  const tokens = answerTokens(db);

  return {
    /**
     * `PUT /cars/{id}/renewal`: 60 more days for the owner's ad for sale or expired. Anyone else's ad (or none) is
     * 404, as if it did not exist; a sold one 409, a hidden one 409.
     */
    async renew(carId: number, username: string): Promise<{ expiresAt: string; message: string }> {
      const car = await cars.findOwnership(carId);
      if (!car || car.status === 'pending' || car.username !== username) {
        throw new DomainError('not-found', MESSAGES.carNotFound);
      }
      if (car.status === 'sold') throw new DomainError('conflict', AD_LIFECYCLE_MESSAGES.soldNotRenewed);
      if (car.status === 'hidden') throw new DomainError('conflict', AD_LIFECYCLE_MESSAGES.hiddenNotRenewed);
      const expiresAt = await lifecycle.renew(carId, username, now());
      if (expiresAt === null) throw new DomainError('not-found', MESSAGES.carNotFound);
      return { expiresAt, message: AD_LIFECYCLE_MESSAGES.renewed };
    },

    /** `GET /cars/{id}/expired`: an expired ad's title and seller, or 404. */
    async expired(carId: number) {
      const car = await lifecycle.findExpired(carId);
      if (!car) throw new DomainError('not-found', MESSAGES.carNotFound);
      return car;
    },

    /** `GET /cars/mine`: the JSON text of 'Mina annonser'. */
    own: (username: string) => lifecycle.ownJson(username),

    /**
     * `POST /cars/still-for-sale`: a link of the mail. Forged, altered or another ad's: 400; too old: 400; used
     * already (or a newer question asked since): 409. 'yes' renews the ad, 'sold' marks it sold, in the
     * transaction that records the question answered, so a link that fails changes nothing.
     */
    async answer(
      carId: number | null,
      answer: StillForSaleAnswer,
      token: string,
    ): Promise<{ title: string; message: string }> {
      const at = now();
      const car = carId === null ? null : await lifecycle.findAsked(carId);
      const check = await tokens.check(token, carId ?? 0, car?.username ?? null, answer, at);
      if (!check.ok) {
        throw new DomainError(
          'invalid',
          check.reason === 'expired' ? AD_LIFECYCLE_MESSAGES.linkExpired : AD_LIFECYCLE_MESSAGES.linkInvalid,
        );
      }
      const ad = car!;
      if (ad.askedFor === null || ad.askedFor.getTime() !== check.askedFor.getTime()) {
        throw new DomainError('conflict', AD_LIFECYCLE_MESSAGES.linkUsed);
      }
      if (ad.status === 'hidden') throw new DomainError('conflict', MODERATION_MESSAGES.hiddenNotEdited);
      if (ad.status === 'sold') throw new DomainError('conflict', MESSAGES.carSold);
      await db.transaction(async (tx) => {
        if (!(await adLifecycleRepository(tx).markAnswered(ad.id, check.askedFor))) {
          throw new DomainError('conflict', AD_LIFECYCLE_MESSAGES.linkUsed);
        }
        const done =
          answer === 'yes'
            ? (await adLifecycleRepository(tx).renew(ad.id, ad.username, at)) !== null
            : (await priceRepository(tx).markSold(ad.id, ad.username)) !== null;
        // An expired ad cannot be marked sold: renewing it is the way back.
        if (!done) throw new DomainError('conflict', AD_LIFECYCLE_MESSAGES.expired);
      });
      return {
        title: ad.title,
        message: answer === 'yes' ? AD_LIFECYCLE_MESSAGES.stillForSale : AD_LIFECYCLE_MESSAGES.markedSold,
      };
    },
  };
}

export type AdLifecycleService = ReturnType<typeof adLifecycleService>;
