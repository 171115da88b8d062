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
