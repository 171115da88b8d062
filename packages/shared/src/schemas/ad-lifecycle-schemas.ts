import { Type } from '@sinclair/typebox';
import { STILL_FOR_SALE_ANSWERS } from '../ad-lifecycle.ts';
import { RowIdSchema } from './id-schemas.ts';

const DateTime = Type.String({ format: 'date-time' });

/** `PUT /cars/{id}/renewal`: the ad's new end. */
export const RenewedSchema = Type.Object({ expiresAt: DateTime, message: Type.String() });

/** `GET /cars/{id}/expired`: what the page of an expired ad shows anyone ('Annonsen har gått ut'). */
export const ExpiredCarSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  user: Type.String({ description: 'Seller username (the seller is offered Förnya)' }),
  expiresAt: Type.String({ format: 'date-time', description: 'When it expired' }),
});

/** One day of an own ad's views. */
export const DayViewsSchema = Type.Object({
  day: Type.String({ format: 'date', description: 'Swedish calendar day' }),
  views: Type.Integer(),
});

/** `GET /cars/mine`: one of the caller's ads as 'Mina annonser' shows it. */
export const OwnAdSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  make: Type.String(),
  model: Type.String(),
  price: Type.Integer(),
  status: Type.Union([Type.Literal('active'), Type.Literal('sold'), Type.Literal('hidden'), Type.Literal('expired')]),
  held: Type.Boolean({ description: "Hidden for a price far below its range ('Granskas')" }),
  created: DateTime,
  expiresAt: Type.String({ format: 'date-time', description: 'When it expires (or expired)' }),
  soldAt: Type.Union([DateTime, Type.Null()]),
  imageCount: Type.Integer(),
  imageVersion: Type.Integer(),
  views: Type.Integer({ description: 'Views of its page, not its owner, robots or repeats within an hour' }),
  savedBy: Type.Integer({ description: 'How many users have it saved' }),
  viewsPerDay: Type.Array(DayViewsSchema, { description: 'Days with views, oldest first' }),
});
export const OwnAdListSchema = Type.Array(OwnAdSchema);

/** `POST /cars/views`: the ad whose page was shown. */
export const CarViewBodySchema = Type.Object({ carId: RowIdSchema() });

/** `POST /cars/still-for-sale`: a one-click answer of the mail 'Är bilen fortfarande till salu?' (no login). */
export const StillForSaleBodySchema = Type.Object({
  car: Type.Unknown({ description: "The ad's id, a number or its digits (as the link's fragment has it)" }),
  answer: Type.Union(
    STILL_FOR_SALE_ANSWERS.map((a) => Type.Literal(a)),
    { description: "'yes' renews the ad, 'sold' marks it sold" },
  ),
  token: Type.String({ maxLength: 200 }),
});
export const StillForSaleAnswerSchema = Type.Object({ message: Type.String(), title: Type.String() });

/** `GET /conversations/per-ad` (messaging): how many conversations buyers started about each of the caller's ads. */
export const AdConversationCountsSchema = Type.Array(
  Type.Object({ carId: Type.Integer(), conversations: Type.Integer() }),
);
