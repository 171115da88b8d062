import type { Queryable } from '@bilmarknaden/db/database';
import type { AuditEntry, AuditQuery } from '@bilmarknaden/shared/api-types';
import type { Window } from '../services/search-query.ts';
import { iso } from './json-sql.ts';

export interface AuditRecord {
  actor: string;
  action: AuditEntry['action'];
  carId?: number | null;
  username?: string | null;
  reason?: string;
  /** Records the action once however often it is delivered (a relayed block). */
  sourceKey?: string;
  /** The reported conversation a decision concerns (relayed from messaging). */
  conversationId?: number | null;
  /** When the action was taken, when relayed from another service (default: now). */
  at?: Date;
}

/** The audit query's filters, the ad and the times parsed. */
export type AuditFilter = Pick<AuditQuery, 'actor' | 'action' | 'username'> & {
  carId?: number;
  from?: Date;
  to?: Date;
};

/** The append-only audit log of moderator actions (`inventory.moderation_audit`, decision 042). */
export function moderationAuditRepository(db: Queryable) {
  return {
    /** Appends to the audit log; a `sourceKey` recorded before adds nothing. */
    async audit(entry: AuditRecord): Promise<void> {
      await db.query(
        `INSERT INTO inventory.moderation_audit (actor, action, car_id, username, reason, source_key, conversation_id, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8::timestamptz, now())) ON CONFLICT (source_key) DO NOTHING`,
        [
          entry.actor,
          entry.action,
          entry.carId ?? null,
          entry.username ?? null,
          entry.reason ?? '',
          entry.sourceKey ?? null,
          entry.conversationId ?? null,
          entry.at?.toISOString() ?? null,
        ],
      );
    },

    /** The audit log, newest first, filtered. */
    async auditLog(filter: AuditFilter, window: Window): Promise<AuditEntry[]> {
      const params: unknown[] = [];
      const where: string[] = [];
      const p = (v: unknown) => {
        params.push(v);
        return `$${params.length}`;
      };
      if (filter.actor) where.push(`lower(actor) = lower(${p(filter.actor)})`);
      if (filter.action) where.push(`action = ${p(filter.action)}`);
      if (filter.username) where.push(`lower(username) = lower(${p(filter.username)})`);
      if (filter.carId !== undefined) where.push(`car_id = ${p(filter.carId)}`);
      if (filter.from) where.push(`at >= ${p(filter.from.toISOString())}::timestamptz`);
      if (filter.to) where.push(`at < ${p(filter.to.toISOString())}::timestamptz`);
      const r = await db.query<{
        id: number;
        at: Date | string;
        actor: string;
        action: AuditEntry['action'];
        car_id: number | null;
        username: string | null;
        conversation_id: number | null;
        reason: string;
      }>(
        `SELECT id, at, actor, action, car_id, username, conversation_id, reason FROM inventory.moderation_audit
          ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
          ORDER BY at DESC, id DESC LIMIT ${p(window.end - window.start)} OFFSET ${p(window.start)}`,
        params,
      );
      return r.rows.map((x) => ({
        id: x.id,
        at: iso(x.at),
        actor: x.actor,
        action: x.action,
        carId: x.car_id,
        username: x.username,
        conversationId: x.conversation_id,
        reason: x.reason,
      }));
    },
  };
}

export type ModerationAuditRepository = ReturnType<typeof moderationAuditRepository>;
