import { colorOptions, transmissionOptions } from '@bilmarknaden/shared/options';
import type { ValidAd } from '@bilmarknaden/shared/validation/new-ad';
import { sortEquipment, type EquipmentCode } from '@bilmarknaden/shared/equipment';
import type { Random } from './random.ts';
import { CAR_PROFILES, type CarProfile, type Fuel } from './car-profiles.ts';
import { pickKommun } from './places-by-population.ts';

export interface CatalogueEntry {
  make: string;
  models: string[];
}

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
// The equipment a description names, each with the codes of the equipment list it stands for: an ad's checked
// equipment is what its text says (and never draws a random number of its own, so the demo ads stay the same).
const EQUIPMENT: readonly (readonly [string, readonly EquipmentCode[]])[] = [
  ['dragkrok', ['dragkrok']],
  ['motorvärmare med kupéuttag', ['motorvarmare', 'kupevarmare']],
  ['backkamera', ['backkamera']],
  ['parkeringssensorer fram och bak', ['parkeringssensorer-fram', 'parkeringssensorer-bak']],
  ['farthållare', ['farthallare']],
  ['navigation', ['navigation']],
  ['stolsvärme', ['stolsvarme']],
  ['Apple CarPlay och Android Auto', ['apple-carplay', 'android-auto']],
  ['nya vinterdäck på fälg', ['vinterdack']],
  ['klimatanläggning', ['klimatanlaggning']],
  ['elstolar med minne', ['elstolar']],
  ['panoramaglastak', ['panoramatak']],
  ['LED-strålkastare', ['led-stralkastare']],
  ['adaptiv farthållare', ['adaptiv-farthallare']],
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

const PURE_EV_ENGINES = ['Long Range', 'Standard Range', 'Performance', 'EV'];
const CURRENT_YEAR = 2026;

const usable = new WeakMap<readonly CatalogueEntry[], readonly CarProfile[]>();

/** The profiles whose make and model the catalogue holds (all of them with the schema's catalogue). */
function profilesOf(catalogue: readonly CatalogueEntry[]): readonly CarProfile[] {
  let list = usable.get(catalogue);
  if (!list) {
    const models = new Set(catalogue.flatMap((e) => e.models.map((m) => `${e.make}\u0000${m}`)));
    list = CAR_PROFILES.filter((p) => models.has(`${p.make}\u0000${p.model}`));
    if (list.length === 0) throw new Error('No demo car profile matches the make and model catalogue');
    usable.set(catalogue, list);
  }
  return list;
}

/** The fuels a profile was sold with in a model year. */
export function fuelsIn(profile: CarProfile, year: number): Fuel[] {
  return profile.fuels
    .filter(([, from = profile.years[0], to = profile.years[1]]) => year >= from && year <= to)
    .map(([fuel]) => fuel);
}

/**
 * What a used car of the profile asks: its new price, down a fifth in the first year and an eighth each year after
 * (never below a twentieth), more or less for mileage above or below 1,500 mil a year and for its power.
 */
export function modelPrice(profile: CarProfile, year: number, milage: number, hp: number): number {
  const age = Math.max(1, CURRENT_YEAR - year);
  const byAge = Math.max(profile.newPrice * 0.8 * Math.pow(0.88, age - 1), profile.newPrice * 0.05);
  const expected = age * 1500;
  const byMilage = Math.min(1.2, Math.max(0.75, 1 + (0.25 * (expected - milage)) / expected));
  const [low, high] = profile.hp;
  const byPower = 0.9 + (0.2 * (hp - low)) / Math.max(1, high - low);
  return byAge * byMilage * byPower;
}

/** A realistic ad of a model the catalogue holds, with text a Swedish buyer would search for and a place. */
export function generateAd(rnd: Random, catalogue: readonly CatalogueEntry[]): ValidAd {
  const profile = rnd.pick(profilesOf(catalogue));
  const { make, model } = profile;
  // Newer years are more common on the market: the later of two draws.
  const year = Math.max(rnd.int(profile.years[0], profile.years[1]), rnd.int(profile.years[0], profile.years[1]));
  const fuel = rnd.pick(fuelsIn(profile, year));
  const age = Math.max(1, CURRENT_YEAR - year);
  const milage = Math.min(100_000, Math.round(age * rnd.int(900, 2200) + rnd.int(0, 800)));
  const hp = Math.round(rnd.int(profile.hp[0], profile.hp[1]) / 5) * 5;
  const asked = modelPrice(profile, year, milage, hp) * (0.94 + rnd.next() * 0.12);
  const price = Math.max(5_000, Math.round(asked / (asked > 100_000 ? 1000 : 500)) * (asked > 100_000 ? 1000 : 500));
  const pureEv = profile.fuels.length === 1 && profile.fuels[0]![0] === 'el / hybrid' && !/Prius|Niro/.test(model);
  const automatic =
    fuel === 'el / hybrid' || (year >= 2005 ? rnd.chance(profile.newPrice > 600_000 ? 0.9 : 0.6) : rnd.chance(0.25));
  const variant = rnd.pick(VARIANTS);
  const engine = rnd.pick(pureEv ? PURE_EV_ENGINES : (ENGINES[fuel] ?? ['']));
  const title = `${make} ${model} ${engine} ${variant}`.replace(/\s+/g, ' ').slice(0, 60);
  const equipment = [...new Set(Array.from({ length: rnd.int(2, 5) }, () => rnd.pick(EQUIPMENT)))];
  const description = [
    rnd.pick(OPENERS),
    `${make} ${model} från ${year} som har gått ${new Intl.NumberFormat('sv-SE').format(milage)} mil.`,
    `Utrustning: ${equipment.map(([text]) => text).join(', ')}.`,
    rnd.pick(CLOSERS),
  ].join('\n\n');
  // Drawn in the order they always were: colour, type, drivetrain, then the place.
  const color = rnd.pick(colorOptions).value;
  const type = rnd.pick(profile.types);
  const drivetrain = rnd.pick(profile.drives);
  // What every such car has besides what the text names: four-wheel drive with AWD, Bluetooth from 2012 on.
  const codes = equipment.flatMap(([, c]) => c);
  if (drivetrain === 'awd') codes.push('fyrhjulsdrift');
  if (year >= 2012) codes.push('bluetooth');
  return {
    title,
    description,
    price: Math.min(price, 50_000_000),
    make,
    model,
    year,
    milage,
    hp,
    color,
    type,
    transmission: automatic ? transmissionOptions[1].value : transmissionOptions[0].value,
    drivetrain,
    fuel,
    kommun: pickKommun(rnd),
    equipment: sortEquipment(codes),
  };
}
