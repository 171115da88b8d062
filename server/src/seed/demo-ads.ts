import {
  colorOptions,
  drivetrainOptions,
  fuelOptions,
  transmissionOptions,
  typeOptions,
} from '@bilmarknaden/shared/options';
import type { ValidAd } from '@bilmarknaden/shared/validation/new-ad';
import type { Random } from './random.ts';

export interface CatalogueEntry {
  make: string;
  models: string[];
}

const PREMIUM = new Set([
  'BMW',
  'Audi',
  'Mercedes-Benz',
  'Porsche',
  'Lexus',
  'Land Rover',
  'Jaguar',
  'Tesla',
  'Polestar',
]);
// Engine labels as Swedish ads write them, by fuel.
const ENGINES: Record<string, readonly string[]> = {
  bensin: ['1.0 TSI', '1.4 Turbo', '1.6', '2.0 T', '1.5 TFSI', '2.5', 'T4', 'T5'],
  diesel: ['1.6 TDI', '2.0 TDI', 'D3', 'D4', '2.2 dCi', '2.0 CRDi', '1.5 dCi'],
  miljöbränsle: ['1.4 TGI', '2.0 E85', 'Flexifuel', 'Bi-Fuel'],
  'el / hybrid': ['Hybrid', 'Plug-in Hybrid', 'Recharge', 'Long Range', 'e-tron', 'EV'],
};
const VARIANTS = [
  'Momentum',
  'Summum',
  'R-Design',
  'Inscription',
  'Business',
  'Sport',
  'Comfort',
  'Plus',
  'Advance',
  'GT-Line',
  'Edition',
  'Premium',
];
const OPENERS = [
  'Välskött bil i mycket fint skick.',
  'Säljes på grund av familjeökning.',
  'En pålitlig vardagsbil som aldrig har svikit.',
  'Garagerad vintertid och servad enligt serviceprogram.',
  'Nybesiktigad utan anmärkning.',
  'Rökfri och djurfri bil med fin inredning.',
  'Säljes då vi har köpt en större bil.',
  'Ärlig bil med kända brister som redovisas nedan.',
];
const EQUIPMENT = [
  'dragkrok',
  'motorvärmare med kupéuttag',
  'backkamera',
  'parkeringssensorer fram och bak',
  'farthållare',
  'navigation',
  'stolsvärme',
  'Apple CarPlay och Android Auto',
  'nya vinterdäck på fälg',
  'klimatanläggning',
  'elstolar med minne',
  'panoramaglastak',
  'LED-strålkastare',
  'adaptiv farthållare',
];
const CLOSERS = [
  'Servicebok finns och är fullständigt stämplad.',
  'Två nycklar medföljer.',
  'Kan visas på kvällar och helger.',
  'Finansiering kan ordnas. Inbyte ej intressant.',
  'Ring eller skicka meddelande för visning.',
  'Priset är fast.',
  'Nya bromsar bak vid senaste service.',
];

/** A realistic ad for the catalogue, with text a Swedish buyer would search for. */
export function generateAd(rnd: Random, catalogue: readonly CatalogueEntry[]): ValidAd {
  const entry = rnd.pick(catalogue);
  const model = rnd.pick(entry.models);
  const fuel = rnd.pick(fuelOptions).value;
  const year = rnd.int(1985, 2025);
  const age = 2026 - year;
  const milage = Math.min(100_000, Math.max(0, Math.round(age * rnd.int(900, 2200) + rnd.int(0, 800))));
  const premium = PREMIUM.has(entry.make) ? 1.6 : 1;
  const base = 420_000 * premium * Math.pow(0.86, age) * (1 - milage / 70_000);
  const price = Math.max(5_000, Math.round((base + rnd.int(-15_000, 15_000)) / 500) * 500);
  const hp =
    fuel === 'el / hybrid'
      ? rnd.int(150, premium > 1 ? 520 : 300)
      : rnd.int(premium > 1 ? 150 : 75, premium > 1 ? 420 : 230);
  const variant = rnd.pick(VARIANTS);
  const engine = rnd.pick(ENGINES[fuel] ?? ['']);
  const title = `${entry.make} ${model} ${engine} ${variant}`.replace(/\s+/g, ' ').slice(0, 60);
  const equipment = Array.from({ length: rnd.int(2, 5) }, () => rnd.pick(EQUIPMENT));
  const description = [
    rnd.pick(OPENERS),
    `${entry.make} ${model} från ${year} som har gått ${new Intl.NumberFormat('sv-SE').format(milage)} mil.`,
    `Utrustning: ${[...new Set(equipment)].join(', ')}.`,
    rnd.pick(CLOSERS),
  ].join('\n\n');
  return {
    title,
    description,
    price: Math.min(price, 50_000_000),
    make: entry.make,
    model,
    year,
    milage,
    hp,
    color: rnd.pick(colorOptions).value,
    type: rnd.pick(typeOptions).value,
    transmission: rnd.chance(0.55) ? transmissionOptions[1].value : transmissionOptions[0].value,
    drivetrain: rnd.pick(drivetrainOptions).value,
    fuel,
    kommun: null,
  };
}
