/** The query-string keys of the home filters (specification section 2). */
export const FILTER_KEYS = ['make', 'model', 'trans', 'fuel', 'type', 'color', 'drivetrain', 'searchterm'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Range filters added beyond the specification (DESIGN: what a Blocket user expects). */
export const RANGE_KEYS = ['priceMin', 'priceMax', 'yearMin', 'yearMax', 'milageMax'] as const;
export type RangeKey = (typeof RANGE_KEYS)[number];
