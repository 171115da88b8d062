// Utrustning (issue 44): the fixed equipment an ad can list, in groups. One list: the ad form's checkboxes, the
// server's check of a new or edited ad, the list filter, the bevakningar, the ad page and Jämför all read it. A code
// is stored with the ad and carried in URLs, so it never changes; inventory's schema checks stored codes
// against the same list, so adding an item takes a migration too (decision 053).

export interface EquipmentItem {
  /** Stored and sent: lower-case ASCII words joined by '-'. */
  readonly code: string;
  readonly label: string;
}

export interface EquipmentGroup {
  readonly code: string;
  readonly label: string;
  readonly items: readonly EquipmentItem[];
}

export const EQUIPMENT_GROUPS = [
  {
    code: 'komfort',
    label: 'Komfort',
    items: [
      { code: 'klimatanlaggning', label: 'Klimatanläggning' },
      { code: 'farthallare', label: 'Farthållare' },
      { code: 'adaptiv-farthallare', label: 'Adaptiv farthållare' },
      { code: 'elstolar', label: 'Elektriskt inställbara stolar' },
      { code: 'ventilerade-stolar', label: 'Ventilerade stolar' },
      { code: 'lader', label: 'Läderklädsel' },
      { code: 'nyckelfritt', label: 'Nyckelfritt lås och start' },
      { code: 'panoramatak', label: 'Panoramaglastak' },
      { code: 'elbaklucka', label: 'Elmanövrerad baklucka' },
      { code: 'head-up-display', label: 'Head-up-display' },
    ],
  },
  {
    code: 'sakerhet',
    label: 'Säkerhet',
    items: [
      { code: 'backkamera', label: 'Backkamera' },
      { code: '360-kamera', label: '360°-kamera' },
      { code: 'parkeringssensorer-fram', label: 'Parkeringssensorer fram' },
      { code: 'parkeringssensorer-bak', label: 'Parkeringssensorer bak' },
      { code: 'filhallning', label: 'Filhållningsassistent' },
      { code: 'dodavinkel', label: 'Döda vinkeln-varnare' },
      { code: 'nodbroms', label: 'Automatisk nödbroms' },
      { code: 'skyltavlasning', label: 'Trafikskyltsavläsning' },
      { code: 'led-stralkastare', label: 'LED-strålkastare' },
      { code: 'isofix', label: 'Isofix' },
    ],
  },
  {
    code: 'vinter',
    label: 'Vinter',
    items: [
      { code: 'motorvarmare', label: 'Motorvärmare' },
      { code: 'kupevarmare', label: 'Kupévärmare' },
      { code: 'parkeringsvarmare', label: 'Parkeringsvärmare' },
      { code: 'stolsvarme', label: 'Stolsvärme' },
      { code: 'rattvarme', label: 'Rattvärme' },
      { code: 'uppvarmd-vindruta', label: 'Eluppvärmd vindruta' },
      { code: 'vinterdack', label: 'Vinterdäck' },
      { code: 'fyrhjulsdrift', label: 'Fyrhjulsdrift' },
    ],
  },
  {
    code: 'drag-och-last',
    label: 'Drag och last',
    items: [
      { code: 'dragkrok', label: 'Dragkrok' },
      { code: 'avtagbar-dragkrok', label: 'Avtagbar dragkrok' },
      { code: 'takreling', label: 'Takreling' },
      { code: 'lastgaller', label: 'Lastgaller' },
      { code: 'nivareglering', label: 'Nivåreglering' },
      { code: 'fallbart-baksate', label: 'Fällbart baksäte' },
    ],
  },
  {
    code: 'multimedia',
    label: 'Multimedia',
    items: [
      { code: 'apple-carplay', label: 'Apple CarPlay' },
      { code: 'android-auto', label: 'Android Auto' },
      { code: 'navigation', label: 'Navigation' },
      { code: 'bluetooth', label: 'Bluetooth' },
      { code: 'dab-radio', label: 'DAB-radio' },
      { code: 'premiumljud', label: 'Premiumljudsystem' },
      { code: 'tradlos-laddning', label: 'Trådlös mobilladdning' },
    ],
  },
] as const satisfies readonly EquipmentGroup[];

/** Every item in list order (groups in order, each group's items in order). */
export const EQUIPMENT: readonly EquipmentItem[] = EQUIPMENT_GROUPS.flatMap((g): readonly EquipmentItem[] => g.items);

export type EquipmentCode = (typeof EQUIPMENT_GROUPS)[number]['items'][number]['code'];

export const EQUIPMENT_CODES: readonly EquipmentCode[] = EQUIPMENT.map((i) => i.code as EquipmentCode);

const ORDER = new Map<string, number>(EQUIPMENT_CODES.map((c, i) => [c, i]));
const LABELS = new Map<string, string>(EQUIPMENT.map((i) => [i.code, i.label]));

/** The list filter's query-string key: codes joined by commas ('dragkrok,motorvarmare'). */
export const EQUIPMENT_KEY = 'equipment';

export const EQUIPMENT_LABEL = 'Utrustning';

export const EQUIPMENT_MESSAGES = {
  /** An ad's or a filter's code that is not in the list (the API's 400 on the field `equipment`). */
  unknown: 'Okänd utrustning. Välj bland utrustningen i listan.',
} as const;

export const isEquipmentCode = (v: string): v is EquipmentCode => ORDER.has(v);

/** The label of a code, or the code itself when it is not in the list. */
export const equipmentLabel = (code: string): string => LABELS.get(code) ?? code;

/** Known codes once each, in list order (how they are stored, sent and shown). */
export function sortEquipment(codes: Iterable<string>): EquipmentCode[] {
  return [...new Set(codes)].filter(isEquipmentCode).sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
}

/** The values sent for an ad's equipment (repeated fields, or one with commas) as trimmed codes. */
export function splitEquipment(values: unknown): string[] {
  const list = Array.isArray(values) ? values : [values];
  return list
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '');
}

/** Whether every code is in the list. */
export const allKnownEquipment = (codes: readonly string[]): boolean => codes.every(isEquipmentCode);

/**
 * The filter's value read: its codes in list order, or `unknown` when one is not in the list. Case and spaces
 * do not matter; an empty value is no filter.
 */
export function readEquipmentParam(value: string | null | undefined): { codes: EquipmentCode[] } | { unknown: string } {
  const codes = splitEquipment(value ?? '');
  const unknown = codes.find((c) => !isEquipmentCode(c));
  return unknown === undefined ? { codes: sortEquipment(codes) } : { unknown };
}

/** The filter's value for codes: list order, joined by commas; '' for none. */
export const equipmentParam = (codes: Iterable<string>): string => sortEquipment(codes).join(',');

/** An ad's codes in their groups, each group with its items' labels; groups without any are left out. */
export function groupedEquipment(codes: readonly string[]): { label: string; items: string[] }[] {
  const has = new Set(codes);
  return EQUIPMENT_GROUPS.map((g) => ({
    label: g.label,
    items: g.items.filter((i) => has.has(i.code)).map((i) => i.label),
  })).filter((g) => g.items.length > 0);
}
