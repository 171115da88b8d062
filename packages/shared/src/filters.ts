/** The query-string keys of the home filters (specification section 2). */
export const FILTER_KEYS = ['make', 'model', 'trans', 'fuel', 'type', 'color', 'drivetrain', 'searchterm'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Range filters added beyond the specification (DESIGN: what a Blocket user expects). */
export const RANGE_KEYS = ['priceMin', 'priceMax', 'yearMin', 'yearMax', 'milageMax'] as const;
export type RangeKey = (typeof RANGE_KEYS)[number];

/** The place filters (issue 28): a county code and a kommun code of packages/shared/src/places.ts. */
export const PLACE_KEYS = ['lan', 'kommun'] as const;
export type PlaceKey = (typeof PLACE_KEYS)[number];

/** The equipment filter (issue 44): codes of packages/shared/src/equipment.ts joined by commas, all required. */
export const EQUIPMENT_KEYS = ['equipment'] as const;
export type EquipmentKey = (typeof EQUIPMENT_KEYS)[number];

/** The distance filter (issue 44): a kommun code to measure from and a radius in km (packages/shared/src/distance.ts). */
export const DISTANCE_KEYS = ['near', 'within'] as const;
export type DistanceKey = (typeof DISTANCE_KEYS)[number];
/** 'Privat / Handlare' and one dealer's ads (issue 45): `seller=privat|handlare`, `dealer={slug}`. */
export const SELLER_KEY = 'seller';
export const DEALER_KEY = 'dealer';
export const SELLER_KEYS = [SELLER_KEY, DEALER_KEY] as const;
export type SellerKey = (typeof SELLER_KEYS)[number];
export const SELLER_VALUES = ['privat', 'handlare'] as const;
export type SellerValue = (typeof SELLER_VALUES)[number];
export const SELLER_LABELS: Record<SellerValue, string> = { privat: 'Privat', handlare: 'Handlare' };
export const SELLER_MESSAGES = {
  seller: 'Välj säljare: privat eller handlare',
  dealer: 'Ogiltig handlare',
} as const;
/** The longest dealer slug a filter takes. */
export const MAX_DEALER_SLUG = 100;
/** The value of `seller`, or null when it is none of them (absent or empty is `undefined`). */
export function readSellerParam(value: string | null | undefined): SellerValue | null | undefined {
  const v = value?.trim().toLowerCase();
  if (!v) return undefined;
  return SELLER_VALUES.find((x) => x === v) ?? null;
}
