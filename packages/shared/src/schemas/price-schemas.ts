import { Type } from '@sinclair/typebox';

/** The judgement of an ad's price against its comparables (decision 038): below, inside or above their range. */
export const PriceLabelSchema = Type.Union([Type.Literal('low'), Type.Literal('normal'), Type.Literal('high')], {
  description: "low: 'Bra pris' (below the range), normal: 'Normalt pris', high: 'Högt pris' (above)",
});

/** The fields a list item adds for the card: the label and the last price cut. */
export const PriceListFieldsSchema = Type.Object({
  priceLabel: Type.Optional(
    Type.Union([PriceLabelSchema, Type.Null()], { description: 'null with fewer than 8 comparable ads' }),
  ),
  priceCut: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], {
      description: 'SEK the last price change lowered the price by; null when the last change raised it or none',
    }),
  ),
});

/** The market range of comparable ads, adjusted to one year and mileage; low and high null below 8 of them. */
export const PriceRangeSchema = Type.Object({
  comparables: Type.Integer({ description: 'Comparable ads for sale (the ad itself not counted)' }),
  low: Type.Union([Type.Integer(), Type.Null()], { description: '25th percentile, SEK, whole thousands' }),
  high: Type.Union([Type.Integer(), Type.Null()], { description: '75th percentile, SEK, whole thousands' }),
});

export const PriceJudgementSchema = Type.Composite([
  PriceRangeSchema,
  Type.Object({ label: Type.Union([PriceLabelSchema, Type.Null()]) }),
]);

/** One price of an ad's history: the first when it was published, then each change. */
export const PriceHistoryEntrySchema = Type.Object({
  date: Type.String({ format: 'date-time' }),
  price: Type.Integer(),
});

/** The fields the ad's page adds: sold, history, judgement. */
export const PriceDetailFieldsSchema = Type.Object({
  soldAt: Type.Optional(
    Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'null while for sale' }),
  ),
  priceHistory: Type.Optional(Type.Array(PriceHistoryEntrySchema, { description: 'Oldest first, at most 21' })),
  priceJudgement: Type.Optional(
    Type.Union([PriceJudgementSchema, Type.Null()], { description: 'null for a sold ad or one without a price' }),
  ),
});

/** `GET /price-range?make=&model=&year=&milage=`: what the seller sees while writing the ad. */
export const PriceRangeQuerySchema = Type.Object({
  make: Type.Optional(Type.String()),
  model: Type.Optional(Type.String()),
  year: Type.Optional(Type.String({ description: 'Model year' })),
  milage: Type.Optional(Type.String({ description: 'Swedish miles (mil)' })),
});

/** `PUT /cars/{id}/sold`: when the ad was marked sold. */
export const SoldSchema = Type.Object({ soldAt: Type.String({ format: 'date-time' }) });
