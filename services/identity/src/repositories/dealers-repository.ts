import type { Queryable } from '@bilmarknaden/db/database';
import { iso, toDate } from '@bilmarknaden/db/timestamps';
import type { DealerRef } from '@bilmarknaden/service-kit/dealer-directory';
import type { DealerFields, OpeningHoursLine } from '@bilmarknaden/shared/validation/dealer';

export type DealerStatus = 'pending' | 'approved' | 'rejected';
export type DealerRole = 'owner' | 'member';

export interface DealerRecord {
  id: number;
  slug: string;
  orgNumber: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  kommun: string | null;
  phone: string;
  openingHours: OpeningHoursLine[];
  presentation: string;
  hasLogo: boolean;
  logoVersion: number;
  status: DealerStatus;
  rejectReason: string | null;
  created: Date;
}

/** The caller's dealer with their role in it. */
export type MembershipRecord = DealerRecord & { role: DealerRole };

interface DealerRow {
  id: number;
  slug: string;
  org_number: string;
  name: string;
  street: string;
  postal_code: string;
  city: string;
  kommun: string | null;
  phone: string;
  opening_hours: OpeningHoursLine[] | string;
  presentation: string;
  has_logo: boolean;
  logo_version: number;
  status: DealerStatus;
  reject_reason: string | null;
  created: Date | string;
}

const toRecord = (r: DealerRow): DealerRecord => ({
  id: Number(r.id),
  slug: r.slug,
  orgNumber: r.org_number,
  name: r.name,
  street: r.street,
  postalCode: r.postal_code,
  city: r.city,
  kommun: r.kommun,
  phone: r.phone,
  openingHours: typeof r.opening_hours === 'string' ? JSON.parse(r.opening_hours) : r.opening_hours,
  presentation: r.presentation,
  hasLogo: r.has_logo,
  logoVersion: Number(r.logo_version),
  status: r.status,
  rejectReason: r.reject_reason,
  created: toDate(r.created),
});

type MembershipRow = DealerRow & { role: DealerRole };
const toMembership = (r: MembershipRow): MembershipRecord => ({ ...toRecord(r), role: r.role });

/** A dealer with its owner's username. */
type OwnedDealerRecord = DealerRecord & { owner: string };
type OwnedRow = DealerRow & { owner: string };
const toOwned = (r: OwnedRow): OwnedDealerRecord => ({ ...toRecord(r), owner: r.owner });

// Every column but the logo's bytes, which only the logo route reads.
const COLUMNS = `d.id, d.slug, d.org_number, d.name, d.street, d.postal_code, d.city, d.kommun, d.phone, d.opening_hours,
  d.presentation, d.logo IS NOT NULL AS has_logo, d.logo_version, d.status, d.reject_reason, d.created`;

/** The company's fields as query parameters, in the order org_number … presentation of the writes below. */
const fieldValues = (f: DealerFields) => [
  f.orgNumber,
  f.name,
  f.street,
  f.postalCode,
  f.city,
  f.kommun,
  f.phone,
  JSON.stringify(f.openingHours),
  f.presentation,
];

// The dealer `d` with its owner's account as `u`.
const WITH_OWNER = `FROM identity.dealers d
  JOIN identity.dealer_members o ON o.dealer_id = d.id AND o.role = 'owner'
  JOIN identity.users u ON u.id = o.user_id`;

const REF_SELECT = `SELECT d.slug, d.name, d.kommun, u.username AS owner ${WITH_OWNER}`;
const OWNED_SELECT = `SELECT ${COLUMNS}, u.username AS owner ${WITH_OWNER}`;

/** identity.dealers and identity.dealer_members (issue 45, decision 059). */
export function dealersRepository(db: Queryable) {
  const addMember = async (dealerId: number, userId: number, role: DealerRole, at: Date): Promise<void> => {
    await db.query(
      `INSERT INTO identity.dealer_members (dealer_id, user_id, role, joined) VALUES ($1, $2, $3, $4::timestamptz)`,
      [dealerId, userId, role, iso(at)],
    );
  };

  return {
    addMember,

    /** A new application: the dealer, pending, with the applicant as its owner. Run in a transaction. */
    async create(fields: DealerFields, slug: string, ownerId: number, at: Date): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO identity.dealers (slug, org_number, name, street, postal_code, city, kommun, phone, opening_hours,
           presentation, created, updated)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11::timestamptz, $11::timestamptz) RETURNING id`,
        [slug, ...fieldValues(fields), iso(at)],
      );
      const id = Number(rows[0]!.id);
      await addMember(id, ownerId, 'owner', at);
      return id;
    },

    /** The dealer the user acts for, whatever its status, with their role; null for none. */
    async ofUser(userId: number): Promise<MembershipRecord | null> {
      const { rows } = await db.query<MembershipRow>(
        `SELECT ${COLUMNS}, m.role FROM identity.dealers d
         JOIN identity.dealer_members m ON m.dealer_id = d.id WHERE m.user_id = $1`,
        [userId],
      );
      return rows[0] ? toMembership(rows[0]) : null;
    },

    async byId(id: number): Promise<DealerRecord | null> {
      const { rows } = await db.query<DealerRow>(`SELECT ${COLUMNS} FROM identity.dealers d WHERE d.id = $1`, [id]);
      return rows[0] ? toRecord(rows[0]) : null;
    },

    /** An approved dealer by its page's address part; a pending or rejected one is as unknown as none. */
    async approvedBySlug(slug: string): Promise<OwnedDealerRecord | null> {
      const { rows } = await db.query<OwnedRow>(`${OWNED_SELECT} WHERE d.slug = $1 AND d.status = 'approved'`, [slug]);
      return rows[0] ? toOwned(rows[0]) : null;
    },

    /** Whether a slug is taken by another dealer than `exceptId`. */
    async slugTaken(slug: string, exceptId: number | null): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM identity.dealers WHERE slug = $1 AND id IS DISTINCT FROM $2', [
        slug,
        exceptId,
      ]);
      return rows.length > 0;
    },

    async orgNumberTaken(orgNumber: string, exceptId: number | null): Promise<boolean> {
      const { rows } = await db.query(
        'SELECT 1 FROM identity.dealers WHERE org_number = $1 AND id IS DISTINCT FROM $2',
        [orgNumber, exceptId],
      );
      return rows.length > 0;
    },

    /**
     * The company's fields; `status` 'pending' sends a rejected application in again. The slug changes only while
     * the dealer is not approved (the table's trigger refuses otherwise).
     */
    async update(id: number, fields: DealerFields, slug: string, at: Date, reapply: boolean): Promise<void> {
      await db.query(
        `UPDATE identity.dealers SET slug = $2, org_number = $3, name = $4, street = $5, postal_code = $6, city = $7,
           kommun = $8, phone = $9, opening_hours = $10::jsonb, presentation = $11, updated = $12::timestamptz,
           status = CASE WHEN $13 THEN 'pending' ELSE status END,
           reject_reason = CASE WHEN $13 THEN NULL ELSE reject_reason END
         WHERE id = $1`,
        [id, slug, ...fieldValues(fields), iso(at), reapply],
      );
    },

    /** Stores a new logo and moves its version on, so its address changes. */
    async setLogo(id: number, bytes: Uint8Array, type: string, at: Date): Promise<number> {
      const { rows } = await db.query<{ logo_version: number }>(
        `UPDATE identity.dealers SET logo = $2::bytea, logo_type = $3, logo_version = logo_version + 1,
           updated = $4::timestamptz WHERE id = $1 RETURNING logo_version`,
        [id, bytes, type, iso(at)],
      );
      return Number(rows[0]!.logo_version);
    },

    /** An approved dealer's logo, or null. */
    async logo(slug: string): Promise<{ bytes: Buffer; type: string; version: number } | null> {
      const { rows } = await db.query<{ logo: Uint8Array; logo_type: string; logo_version: number }>(
        `SELECT logo, logo_type, logo_version FROM identity.dealers
         WHERE slug = $1 AND status = 'approved' AND logo IS NOT NULL`,
        [slug],
      );
      const row = rows[0];
      if (!row) return null;
      return { bytes: Buffer.from(row.logo), type: row.logo_type, version: Number(row.logo_version) };
    },

    /** Applications waiting for staff, oldest first, with the applicant's username. */
    async pending(limit: number): Promise<OwnedDealerRecord[]> {
      const { rows } = await db.query<OwnedRow>(
        `${OWNED_SELECT} WHERE d.status = 'pending' ORDER BY d.created, d.id LIMIT $1`,
        [limit],
      );
      return rows.map(toOwned);
    },

    /** Decides a pending application; false when it is not pending (decided already, or no such dealer). */
    async decide(id: number, status: 'approved' | 'rejected', reason: string | null, by: string, at: Date) {
      const { rowCount } = await db.query(
        `UPDATE identity.dealers SET status = $2, reject_reason = $3, decided_by = $4, decided_at = $5::timestamptz,
           updated = $5::timestamptz
         WHERE id = $1 AND status = 'pending'`,
        [id, status, reason, by, iso(at)],
      );
      return rowCount > 0;
    },

    /** The owner's user id and address, for the mail on a decision. */
    async owner(dealerId: number): Promise<{ userId: number; username: string } | null> {
      const { rows } = await db.query<{ user_id: number; username: string }>(
        `SELECT m.user_id, u.username FROM identity.dealer_members m JOIN identity.users u ON u.id = m.user_id
         WHERE m.dealer_id = $1 AND m.role = 'owner'`,
        [dealerId],
      );
      return rows[0] ? { userId: Number(rows[0].user_id), username: rows[0].username } : null;
    },

    async members(dealerId: number) {
      const { rows } = await db.query<{
        username: string;
        firstname: string;
        lastname: string;
        role: DealerRole;
        joined: Date | string;
      }>(
        `SELECT u.username, u.firstname, u.lastname, m.role, m.joined
         FROM identity.dealer_members m JOIN identity.users u ON u.id = m.user_id
         WHERE m.dealer_id = $1 ORDER BY m.role = 'owner' DESC, m.joined, u.username`,
        [dealerId],
      );
      return rows.map((r) => ({
        username: r.username,
        name: `${r.firstname} ${r.lastname}`.trim() || r.username,
        role: r.role,
        joined: toDate(r.joined),
      }));
    },

    /** Removes a member (never the owner); false when the user is no member of this dealer. */
    async removeMember(dealerId: number, username: string): Promise<boolean> {
      const { rowCount } = await db.query(
        `DELETE FROM identity.dealer_members m USING identity.users u
         WHERE m.user_id = u.id AND m.dealer_id = $1 AND lower(u.username) = lower($2) AND m.role = 'member'`,
        [dealerId, username],
      );
      return rowCount > 0;
    },

    // DealerDirectory's three reads: approved dealers only.
    async refOfMember(username: string): Promise<DealerRef | null> {
      const { rows } = await db.query<DealerRef>(
        `${REF_SELECT}
         JOIN identity.dealer_members m ON m.dealer_id = d.id
         JOIN identity.users mu ON mu.id = m.user_id
         WHERE lower(mu.username) = lower($1) AND d.status = 'approved'`,
        [username],
      );
      return rows[0] ?? null;
    },

    async refBySlug(slug: string): Promise<DealerRef | null> {
      const { rows } = await db.query<DealerRef>(`${REF_SELECT} WHERE d.slug = $1 AND d.status = 'approved'`, [slug]);
      return rows[0] ?? null;
    },

    async refById(id: number): Promise<DealerRef | null> {
      const { rows } = await db.query<DealerRef>(`${REF_SELECT} WHERE d.id = $1 AND d.status = 'approved'`, [id]);
      return rows[0] ?? null;
    },
  };
}
