import { savedRepository } from '../repositories/saved-repository.ts';
import { adLines, group, type WatchMailDeps } from '../services/watch-mails.ts';
import type { QueuedJob } from './job-queue.ts';

/**
 * Tells those who saved an ad (before the change) that its price was lowered, once per change and user: the mail's
 * key names both, so a job run twice mails once (decision 040).
 */
export function priceDropJob({ db, identity, publicUrl }: WatchMailDeps): QueuedJob {
  return {
    kind: 'price-drop',
    async run(job) {
      const carId = Number(job.payload.car);
      const at = String(job.payload.at);
      const oldPrice = Number(job.payload.oldPrice);
      const newPrice = Number(job.payload.newPrice);
      for (const { username, ad } of await savedRepository(db).saversOf(carId, at)) {
        await identity.notify({
          key: `price-drop-${carId}-${at}-${username.toLowerCase()}`,
          username,
          kind: 'priceDrops',
          subject: `Sänkt pris på en sparad bil: ${ad.title}`,
          text:
            `Hej ${username}!\n\nSäljaren har sänkt priset på en bil du har sparat, ` +
            `från ${group(oldPrice)} kr till ${group(newPrice)} kr (sänkt ${group(oldPrice - newPrice)} kr):\n\n` +
            `${adLines({ ...ad, price: newPrice }, publicUrl)}\n\nDina sparade bilar: ${publicUrl}/saved/cars\n`,
        });
      }
    },
  };
}
