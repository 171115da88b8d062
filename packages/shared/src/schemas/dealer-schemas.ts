import { Type, type Static } from '@sinclair/typebox';

/** One line of a dealer's opening hours, e.g. `{ days: 'Mån–fre', hours: '10–18' }`. */
export const OpeningHoursLineSchema = Type.Object({
  days: Type.String({ minLength: 1, maxLength: 40 }),
  hours: Type.String({ minLength: 1, maxLength: 40 }),
});

/** `GET /api/identity/dealers/{slug}`: an approved dealer as its page '/handlare/{slug}' shows it (issue 45). */
export const DealerProfileSchema = Type.Object({
  slug: Type.String(),
  name: Type.String({ description: 'Company name' }),
  orgNumber: Type.String({ description: "Organisationsnummer, 'NNNNNN-NNNN'" }),
  street: Type.String(),
  postalCode: Type.String({ description: "'NNN NN'" }),
  city: Type.String(),
  kommun: Type.Union([Type.String({ pattern: '^[0-9]{4}$' }), Type.Null()]),
  phone: Type.String(),
  openingHours: Type.Array(OpeningHoursLineSchema),
  presentation: Type.String(),
  /** Path of the logo (`/api/identity/dealers/{slug}/logo?v=n`), or null when it has none. */
  logo: Type.Union([Type.String(), Type.Null()]),
  /** The owner's username: the reply time shown is theirs (messaging's seller reply time). */
  owner: Type.String(),
});
export type DealerProfile = Static<typeof DealerProfileSchema>;
