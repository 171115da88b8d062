import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '@bilmarknaden/db/database';
import { takeWindowLimits } from '@bilmarknaden/db/window-limits';
import { identityPaths, IDENTITY_BASE } from '@bilmarknaden/shared/api-paths';
import { PAGE_PATHS } from '@bilmarknaden/shared/page-paths';
import type { DealerProfile } from '@bilmarknaden/shared/schemas/dealer-schemas';
import type {
  ApiKey,
  ApiKeyCreated,
  DealerApplication,
  DealerMembers,
  OwnDealer,
} from '@bilmarknaden/shared/schemas/dealer-account-schemas';
import {
  apiKeyRules,
  dealerFields,
  dealerRules,
  inviteRules,
  normalizeDealer,
  normalizeOrgNumber,
  rejectRules,
  slugOf,
} from '@bilmarknaden/shared/validation/dealer';
import { lastFailure, text } from '@bilmarknaden/shared/validation/rules';
import { DomainError, refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import { requireStaff } from '@bilmarknaden/service-kit/staff-role';
import {
  dealerApiKeysRepository,
  dealerInvitesRepository,
  type ApiKeyRecord,
} from '../repositories/dealer-access-repository.ts';
import { dealersRepository, type DealerRecord, type MembershipRecord } from '../repositories/dealers-repository.ts';
import { mailOutboxRepository } from '../repositories/mail-outbox-repository.ts';
import type { UserRecord } from '../repositories/users-repository.ts';

export const DEALER_SERVICE_MESSAGES = {
  alreadyDealer: 'Du hör redan till en handlare',
  orgNumberTaken: 'Organisationsnumret är redan registrerat hos Bilmarknaden',
  orgNumberFixed: 'Organisationsnumret kan inte ändras. Kontakta oss om det är fel.',
  noDealer: 'Du hör inte till någon handlare',
  ownerOnly: 'Bara företagets ägare kan göra det',
  notApproved: 'Företaget är inte godkänt än',
  notFound: 'Handlaren finns inte',
  noLogo: 'Handlaren har ingen logotyp',
  logoType: 'Logotypen ska vara en PNG-, JPEG- eller WebP-bild',
  noMember: 'Personen är inte medlem i företaget',
  noInvite: 'Inbjudan finns inte. Be om en ny.',
  inviteUsed: 'Inbjudan är redan använd',
  inviteExpired: 'Inbjudan har gått ut. Be om en ny.',
  tooManyInvites: 'För många inbjudningar i dag. Försök igen i morgon.',
  tooManyKeys: 'Företaget har redan 10 nycklar. Återkalla en först.',
  noKey: 'Nyckeln finns inte',
  noApplication: 'Ansökan finns inte eller är redan avgjord',
  tooMany: 'För många försök. Vänta en stund och försök igen.',
  ownerStays: 'Ägaren kan inte lämna företaget',
  staffOnly: 'Bara moderatorer och administratörer kan avgöra ansökningar',
  raced: 'Något ändrades samtidigt. Försök igen.',
} as const;

/** An invitation link works this long. */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;
export const INVITES_PER_DAY = 20;
export const LIVE_KEYS_MAX = 10;
export const APPLICATIONS_PER_HOUR = 5;
export const LOGOS_PER_HOUR = 20;
/** Keys made per dealer and day, revoked ones included (the live ones are at most LIVE_KEYS_MAX). */
export const KEYS_PER_DAY = 20;
/** The feed key's first characters, shown in the list to tell keys apart. */
export const API_KEY_PREFIX_LENGTH = 12;
const KEY_MARK = 'bmd_';
const PENDING_LIST_MAX = 200;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The kinds of image a logo may be, told by their first bytes (never by the name or the declared type). */
export function imageTypeOf(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => Buffer.from(b.subarray(from, to)).toString('latin1');
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export const logoPath = (d: Pick<DealerRecord, 'slug' | 'hasLogo' | 'logoVersion'>) =>
  d.hasLogo ? `${IDENTITY_BASE}${identityPaths.dealerLogo(d.slug)}?v=${d.logoVersion}` : null;

const dealerPage = (slug: string) => PAGE_PATHS.dealer.replace(':slug', slug);

/** The company's fields that the own view, the public profile and staff's list of applications all show. */
const companyFields = (d: DealerRecord) => ({
  slug: d.slug,
  name: d.name,
  orgNumber: d.orgNumber,
  street: d.street,
  postalCode: d.postalCode,
  city: d.city,
  kommun: d.kommun,
  phone: d.phone,
  presentation: d.presentation,
});

function ownView(d: MembershipRecord): OwnDealer {
  return {
    ...companyFields(d),
    id: d.id,
    openingHours: d.openingHours,
    logo: logoPath(d),
    status: d.status,
    rejectReason: d.rejectReason,
    role: d.role,
    created: d.created.toISOString(),
  };
}

const keyView = (k: ApiKeyRecord): ApiKey => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  created: k.created.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

/** The unique index a write ran into (both engines name it), or null for any other error. */
function uniqueViolated(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return null;
  return e.constraint ?? e.message ?? '';
}

export interface DealerServiceDeps {
  db: Database;
  now: () => Date;
  /** The site's address for the links in mails, without a trailing slash. */
  publicUrl: string;
  /** Told after a mail was queued, so the outbox's sender sends it at once. */
  mailQueued: () => void;
}

/**
 * Dealer accounts (issue 45, decision 059): an application that staff approve, the company's profile, its members
 * and invitations, and the feed's API keys. Every call acts on the caller's own dealer, found by their membership,
 * so a member of another dealer can name nothing here that is not theirs.
 */
export function dealerService({ db, now, publicUrl, mailQueued }: DealerServiceDeps) {
  const dealers = dealersRepository(db);
  const invites = dealerInvitesRepository(db);
  const keys = dealerApiKeysRepository(db);

  async function membership(user: UserRecord): Promise<MembershipRecord> {
    const own = await dealers.ofUser(user.id);
    if (!own) throw new DomainError('not-found', DEALER_SERVICE_MESSAGES.noDealer);
    return own;
  }

  /** The caller's dealer read again after a write of theirs, which leaves them a member. */
  async function ownAfterWrite(user: UserRecord): Promise<OwnDealer> {
    return ownView((await dealers.ofUser(user.id))!);
  }

  async function ownerOf(user: UserRecord, approved = false): Promise<MembershipRecord> {
    const own = await membership(user);
    if (own.role !== 'owner') throw new DomainError('forbidden', DEALER_SERVICE_MESSAGES.ownerOnly);
    if (approved && own.status !== 'approved') throw new DomainError('conflict', DEALER_SERVICE_MESSAGES.notApproved);
    return own;
  }

  /** A slug made from the name, free among the other dealers: 'bilhuset', then 'bilhuset-2', … */
  async function freeSlug(tx: Queryable, name: string, exceptId: number | null): Promise<string> {
    const base = slugOf(name);
    const repo = dealersRepository(tx);
    for (let n = 1; ; n += 1) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await repo.slugTaken(slug, exceptId))) return slug;
    }
  }

  function validated(body: Record<string, unknown>) {
    const input = normalizeDealer(body);
    refuseFailure(lastFailure(dealerRules, input));
    return dealerFields(input);
  }

  /**
   * Runs an application's write, which may race another one: the same organisationsnummer, the same user's second
   * application, or the same free slug taken in between.
   */
  async function raced<T>(write: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await write();
      } catch (err) {
        const index = uniqueViolated(err);
        if (index === null) throw err;
        if (index.includes('org_number')) {
          throw new DomainError('conflict', DEALER_SERVICE_MESSAGES.orgNumberTaken, { field: 'orgNumber' });
        }
        if (index.includes('user_id')) throw new DomainError('conflict', DEALER_SERVICE_MESSAGES.alreadyDealer);
        // A slug another application took in between: the next try finds the next free one.
        if (attempt >= 3) throw new DomainError('conflict', DEALER_SERVICE_MESSAGES.raced);
      }
    }
  }

  /** Counts one event under `key`, or refuses with 429 when `max` were counted within the window. */
  async function limit(key: string, max: number, windowMs: number): Promise<void> {
    const limited = await takeWindowLimits(db, [{ key, max, windowMs }], now());
    if (limited) {
      throw new DomainError('too-many', DEALER_SERVICE_MESSAGES.tooMany, {
        retryAfterSeconds: limited.retryAfterSeconds,
      });
    }
  }

  async function queueMail(to: { userId: number } | { email: string }, subject: string, body: string) {
    await mailOutboxRepository(db).queueDirect(to, subject, body, now());
    mailQueued();
  }

  return {
    /** 'Bli handlare': a pending application with the caller as owner; a rejected one of theirs is sent in again. */
    async apply(user: UserRecord, body: Record<string, unknown>): Promise<OwnDealer> {
      const existing = await dealers.ofUser(user.id);
      if (existing && !(existing.status === 'rejected' && existing.role === 'owner')) {
        throw new DomainError('conflict', DEALER_SERVICE_MESSAGES.alreadyDealer);
      }
      const fields = validated(body);
      const at = now();
      await limit(`dealer-application:${user.id}`, APPLICATIONS_PER_HOUR, 3600_000);
      const exceptId = existing?.id ?? null;
      if (await dealers.orgNumberTaken(fields.orgNumber, exceptId)) {
        throw new DomainError('conflict', DEALER_SERVICE_MESSAGES.orgNumberTaken, { field: 'orgNumber' });
      }
      await raced(() =>
        db.transaction(async (tx) => {
          const repo = dealersRepository(tx);
          // The user's applications one at a time: a second one sees the first and is refused.
          await tx.query('SELECT 1 FROM identity.users WHERE id = $1 FOR UPDATE', [user.id]);
          const current = await repo.ofUser(user.id);
          if ((current?.id ?? null) !== exceptId || (current && current.status !== 'rejected')) {
            throw new DomainError('conflict', DEALER_SERVICE_MESSAGES.alreadyDealer);
          }
          const slug = await freeSlug(tx, fields.name, exceptId);
          if (existing) await repo.update(existing.id, fields, slug, at, true);
          else await repo.create(fields, slug, user.id, at);
        }),
      );
      return ownAfterWrite(user);
    },

    /** The caller's dealer, whatever its status, or null. */
    async own(user: UserRecord): Promise<OwnDealer | null> {
      const own = await dealers.ofUser(user.id);
      return own ? ownView(own) : null;
    },

    /** 'Mitt företag': any member edits the profile; the organisationsnummer is fixed once applied. */
    async update(user: UserRecord, body: Record<string, unknown>): Promise<OwnDealer> {
      const own = await membership(user);
      const given = text(body.orgNumber);
      if (given !== '' && normalizeOrgNumber(given) !== own.orgNumber) {
        throw new DomainError('invalid', DEALER_SERVICE_MESSAGES.orgNumberFixed, { field: 'orgNumber' });
      }
      const fields = validated({ ...body, orgNumber: own.orgNumber });
      await raced(() =>
        db.transaction(async (tx) => {
          // The address of an approved dealer's page never changes; until then it follows the name.
          const slug = own.status === 'approved' ? own.slug : await freeSlug(tx, fields.name, own.id);
          await dealersRepository(tx).update(own.id, fields, slug, now(), false);
        }),
      );
      return ownAfterWrite(user);
    },

    async setLogo(user: UserRecord, bytes: Uint8Array): Promise<OwnDealer> {
      const own = await membership(user);
      const type = imageTypeOf(bytes);
      if (!type) throw new DomainError('invalid', DEALER_SERVICE_MESSAGES.logoType, { field: 'logo' });
      await limit(`dealer-logo:${own.id}`, LOGOS_PER_HOUR, 3600_000);
      await dealers.setLogo(own.id, bytes, type, now());
      return ownAfterWrite(user);
    },

    /** The public page's profile: approved dealers only, anything else 404. */
    async profile(slug: string): Promise<DealerProfile> {
      const d = await dealers.approvedBySlug(slug);
      if (!d) throw new DomainError('not-found', DEALER_SERVICE_MESSAGES.notFound);
      return { ...companyFields(d), openingHours: d.openingHours, logo: logoPath(d), owner: d.owner };
    },

    async logo(slug: string) {
      const logo = await dealers.logo(slug);
      if (!logo) throw new DomainError('not-found', DEALER_SERVICE_MESSAGES.noLogo);
      return logo;
    },

    /** Members see who acts for the company; only the owner sees the open invitations. */
    async members(user: UserRecord): Promise<DealerMembers> {
      const own = await membership(user);
      const members = await dealers.members(own.id);
      const open = own.role === 'owner' ? await invites.open(own.id, now()) : [];
      return {
        members: members.map((m) => ({ ...m, joined: m.joined.toISOString() })),
        invites: open.map((i) => ({
          id: i.id,
          email: i.email,
          created: i.created.toISOString(),
          expiresAt: i.expiresAt.toISOString(),
        })),
      };
    },

    /** The owner removes a member; a member may remove themself ('Lämna företaget'). */
    async removeMember(user: UserRecord, username: string): Promise<void> {
      const leaving = username.toLowerCase() === user.username.toLowerCase();
      const own = leaving ? await membership(user) : await ownerOf(user);
      if (leaving && own.role === 'owner') throw new DomainError('conflict', DEALER_SERVICE_MESSAGES.ownerStays);
      if (!(await dealers.removeMember(own.id, username))) {
        throw new DomainError('not-found', DEALER_SERVICE_MESSAGES.noMember, { field: 'username' });
      }
    },

    /** The owner invites by mail: a link with a token that works for INVITE_TTL_MS, stored only as its hash. */
    async invite(user: UserRecord, body: Record<string, unknown>): Promise<void> {
      const input = { email: text(body.email) };
      refuseFailure(lastFailure(inviteRules, input));
      const own = await ownerOf(user, true);
      const at = now();
      if ((await invites.sentSince(own.id, new Date(at.getTime() - 24 * 3600_000))) >= INVITES_PER_DAY) {
        throw new DomainError('too-many', DEALER_SERVICE_MESSAGES.tooManyInvites, { retryAfterSeconds: 3600 });
      }
      const token = randomBytes(32).toString('base64url');
      await invites.create(own.id, input.email, sha256(token), user.id, at, new Date(at.getTime() + INVITE_TTL_MS));
      const link = `${publicUrl}${PAGE_PATHS.dealerInvite}#token=${token}`;
      const days = Math.round(INVITE_TTL_MS / (24 * 3600_000));
      await queueMail(
        { email: input.email },
        `Inbjudan till ${own.name} på Bilmarknaden`,
        `Hej!\n\n${user.firstname} ${user.lastname} har bjudit in dig att sälja bilar för ${own.name} på Bilmarknaden.\n\n` +
          `Logga in eller skapa ett konto och öppna länken för att gå med (den gäller i ${days} dagar):\n${link}\n\n` +
          'Har du inte väntat dig inbjudan kan du bortse från det här mejlet.',
      );
    },

    async withdrawInvite(user: UserRecord, id: number): Promise<void> {
      const own = await ownerOf(user);
      if (!(await invites.remove(own.id, id))) throw new DomainError('not-found', DEALER_SERVICE_MESSAGES.noInvite);
    },

    /** The logged-in caller joins the dealer of the link's invitation, once, before it expires. */
    async acceptInvite(user: UserRecord, body: Record<string, unknown>): Promise<OwnDealer> {
      const token = text(body.token);
      if (token === '') throw new DomainError('invalid', DEALER_SERVICE_MESSAGES.noInvite, { field: 'token' });
      await db.transaction(async (tx) => {
        const txInvites = dealerInvitesRepository(tx);
        const txDealers = dealersRepository(tx);
        const invite = await txInvites.byTokenHash(sha256(token));
        if (!invite) throw new DomainError('not-found', DEALER_SERVICE_MESSAGES.noInvite, { field: 'token' });
        if (invite.acceptedAt) throw new DomainError('conflict', DEALER_SERVICE_MESSAGES.inviteUsed);
        const at = now();
        if (invite.expiresAt <= at) {
          throw new DomainError('invalid', DEALER_SERVICE_MESSAGES.inviteExpired, { field: 'token' });
        }
        if (await txDealers.ofUser(user.id)) throw new DomainError('conflict', DEALER_SERVICE_MESSAGES.alreadyDealer);
        await txDealers.addMember(invite.dealerId, user.id, 'member', at);
        await txInvites.accept(invite.id, user.id, at);
      });
      return ownAfterWrite(user);
    },

    async apiKeys(user: UserRecord): Promise<ApiKey[]> {
      const own = await ownerOf(user);
      return (await keys.list(own.id)).map(keyView);
    },

    /** A new feed key: 32 random bytes, answered this once; only its SHA-256 and prefix are kept. */
    async createApiKey(user: UserRecord, body: Record<string, unknown>): Promise<ApiKeyCreated> {
      const input = { name: text(body.name) };
      refuseFailure(lastFailure(apiKeyRules, input));
      const own = await ownerOf(user, true);
      if ((await keys.liveCount(own.id)) >= LIVE_KEYS_MAX) {
        throw new DomainError('conflict', DEALER_SERVICE_MESSAGES.tooManyKeys);
      }
      await limit(`dealer-keys:${own.id}`, KEYS_PER_DAY, 24 * 3600_000);
      const key = `${KEY_MARK}${randomBytes(32).toString('base64url')}`;
      const record = await keys.create(
        own.id,
        input.name,
        sha256(key),
        key.slice(0, API_KEY_PREFIX_LENGTH),
        user.id,
        now(),
      );
      return { ...keyView(record), key };
    },

    async revokeApiKey(user: UserRecord, id: number): Promise<void> {
      const own = await ownerOf(user);
      if (!(await keys.revoke(own.id, id, now()))) throw new DomainError('not-found', DEALER_SERVICE_MESSAGES.noKey);
    },

    /** Staff: the applications waiting, oldest first. */
    async pending(staff: UserRecord): Promise<DealerApplication[]> {
      requireStaff(staff, DEALER_SERVICE_MESSAGES.staffOnly);
      return (await dealers.pending(PENDING_LIST_MAX)).map((d) => ({
        ...companyFields(d),
        id: d.id,
        owner: d.owner,
        created: d.created.toISOString(),
      }));
    },

    /** Staff approve or reject (with a reason) a pending application; the applicant is told by mail. */
    async decide(staff: UserRecord, id: number, decision: 'approved' | 'rejected', body: Record<string, unknown> = {}) {
      requireStaff(staff, DEALER_SERVICE_MESSAGES.staffOnly);
      const reason = decision === 'rejected' ? text(body.reason) : null;
      if (reason !== null) refuseFailure(lastFailure(rejectRules, { reason }));
      const dealer = await dealers.byId(id);
      if (!dealer || !(await dealers.decide(id, decision, reason, staff.username, now()))) {
        throw new DomainError('not-found', DEALER_SERVICE_MESSAGES.noApplication);
      }
      const owner = await dealers.owner(id);
      if (!owner) return;
      if (decision === 'approved') {
        await queueMail(
          { userId: owner.userId },
          `${dealer.name} är godkänd som handlare på Bilmarknaden`,
          `Hej!\n\nVi har godkänt ${dealer.name} som handlare. Företagets sida finns på\n` +
            `${publicUrl}${dealerPage(dealer.slug)}\n\n` +
            `Under Mitt företag bjuder du in kollegor och skapar nycklar för lagerflödet:\n` +
            `${publicUrl}${PAGE_PATHS.ownDealer}`,
        );
      } else {
        await queueMail(
          { userId: owner.userId },
          `Din ansökan för ${dealer.name} är inte godkänd`,
          `Hej!\n\nVi har inte godkänt ${dealer.name} som handlare på Bilmarknaden.\n\nSkäl: ${reason}\n\n` +
            `Du kan rätta uppgifterna och skicka in ansökan igen:\n${publicUrl}${PAGE_PATHS.dealerApply}`,
        );
      }
    },
  };
}

export type DealerService = ReturnType<typeof dealerService>;
