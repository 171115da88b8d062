import { Type, type Static } from '@sinclair/typebox';
import { OpeningHoursLineSchema } from './dealer-schemas.ts';

// Identity's dealer routes (issue 45): the application, the caller's own company ('Mitt företag'), its members,
// invitations and feed keys, and the staff's decisions. The public profile is DealerProfileSchema (dealer-schemas.ts).

export const DEALER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const DEALER_ROLES = ['owner', 'member'] as const;

/** `POST /dealer/application` and `PUT /dealer`: the company as the form sends it (the rules check each field). */
export const DealerBodySchema = Type.Object({
  orgNumber: Type.String({ description: 'Organisationsnummer, with or without the dash; fixed once applied' }),
  name: Type.String({ description: 'Company name' }),
  street: Type.String(),
  postalCode: Type.String({ description: 'Five digits, a space allowed' }),
  city: Type.String(),
  kommun: Type.String({ description: 'Kommun code (four digits) of the address' }),
  phone: Type.String(),
  // Read by the rules, so a wrong shape gets their message naming the field.
  openingHours: Type.Unknown({ description: 'A list of {days, hours}, at most 7 lines' }),
  presentation: Type.String(),
});

/** The caller's own dealer, whatever its status, with their role in it. */
export const OwnDealerSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  orgNumber: Type.String(),
  street: Type.String(),
  postalCode: Type.String(),
  city: Type.String(),
  kommun: Type.Union([Type.String(), Type.Null()]),
  phone: Type.String(),
  openingHours: Type.Array(OpeningHoursLineSchema),
  presentation: Type.String(),
  logo: Type.Union([Type.String(), Type.Null()], { description: 'Path of the logo, or null' }),
  status: Type.Union(DEALER_STATUSES.map((s) => Type.Literal(s))),
  rejectReason: Type.Union([Type.String(), Type.Null()], { description: "Staff's reason, when rejected" }),
  role: Type.Union(
    DEALER_ROLES.map((r) => Type.Literal(r)),
    { description: "The caller's role" },
  ),
  created: Type.String({ format: 'date-time' }),
});
export type OwnDealer = Static<typeof OwnDealerSchema>;

/** `GET /dealer`: the caller's dealer, or null when they act for none ('Bli handlare'). */
export const OwnDealerAnswerSchema = Type.Object({ dealer: Type.Union([OwnDealerSchema, Type.Null()]) });
export type OwnDealerAnswer = Static<typeof OwnDealerAnswerSchema>;

export const DealerMemberSchema = Type.Object({
  username: Type.String(),
  name: Type.String({ description: "'Förnamn Efternamn'" }),
  role: Type.Union(DEALER_ROLES.map((r) => Type.Literal(r))),
  joined: Type.String({ format: 'date-time' }),
});

export const DealerInviteSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  created: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
});

/** `GET /dealer/members`: who acts for the dealer, and the open invitations (the owner only sees those). */
export const DealerMembersSchema = Type.Object({
  members: Type.Array(DealerMemberSchema),
  invites: Type.Array(DealerInviteSchema),
});
export type DealerMembers = Static<typeof DealerMembersSchema>;

export const DealerMemberParamsSchema = Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) });
export const DealerIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const DealerSlugParamsSchema = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) });

export const DealerInviteBodySchema = Type.Object({ email: Type.String() });
export const DealerInviteAcceptBodySchema = Type.Object({
  token: Type.String({ description: "The invitation link's token" }),
});

export const ApiKeyBodySchema = Type.Object({ name: Type.String({ description: 'What the key is for' }) });

export const ApiKeySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the key, to tell keys apart' }),
  created: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ApiKey = Static<typeof ApiKeySchema>;
export const ApiKeyListSchema = Type.Array(ApiKeySchema);

/** `POST /dealer/api-keys`: the new key, answered this once and never again. */
export const ApiKeyCreatedSchema = Type.Intersect([ApiKeySchema, Type.Object({ key: Type.String() })]);
export type ApiKeyCreated = Static<typeof ApiKeyCreatedSchema>;

/** Staff: an application waiting for a decision. */
export const DealerApplicationSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  orgNumber: Type.String(),
  street: Type.String(),
  postalCode: Type.String(),
  city: Type.String(),
  kommun: Type.Union([Type.String(), Type.Null()]),
  phone: Type.String(),
  presentation: Type.String(),
  owner: Type.String({ description: "The applicant's username" }),
  created: Type.String({ format: 'date-time' }),
});
export type DealerApplication = Static<typeof DealerApplicationSchema>;
export const DealerApplicationListSchema = Type.Array(DealerApplicationSchema);

export const DealerRejectBodySchema = Type.Object({ reason: Type.String() });

/** The internal routes' answer: DealerRef (service-kit/dealer-directory.ts) or null. */
export const DealerRefAnswerSchema = Type.Object({
  dealer: Type.Union([
    Type.Object({
      slug: Type.String(),
      name: Type.String(),
      kommun: Type.Union([Type.String(), Type.Null()]),
      owner: Type.String(),
    }),
    Type.Null(),
  ]),
});
export const InternalDealerQuerySchema = Type.Object({ username: Type.String({ maxLength: 1000 }) });
export const InternalDealerSlugQuerySchema = Type.Object({ slug: Type.String({ maxLength: 1000 }) });
export const InternalApiKeyBodySchema = Type.Object({ key: Type.String({ maxLength: 1000 }) });
