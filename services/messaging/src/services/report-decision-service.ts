import type { Database } from '@bilmarknaden/db/database';
import type { ConversationReport, FlaggedMessageList, OwnConversationReport } from '@bilmarknaden/shared/api-types';
import {
  normalizeReportDecision,
  REPORT_DECISION_MESSAGES as M,
  reportDecisionRules,
  type ConversationReportOutcome,
} from '@bilmarknaden/shared/validation/report-decision';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { DomainError, refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import { requireStaff } from '@bilmarknaden/service-kit/staff-role';
import type { IdentityClient, NotificationRequest } from '@bilmarknaden/service-kit/identity-client';
import {
  decideReport,
  openConversationReports,
  ownConversationReports,
  reportForDecision,
} from '../repositories/reports-repository.ts';
import { flaggedMessages } from '../repositories/flagged-messages-repository.ts';
import { MESSAGES } from '../errors.ts';

/** How many open reports the moderators' queue shows, oldest first. */
const QUEUE_LIMIT = 100;

/** Flagged messages on a page of 'Flaggade meddelanden'. */
export const FLAGGED_PAGE = 50;

/** How many of the caller's own reports 'Mina anmälningar' shows, newest first. */
export const OWN_REPORTS_LIMIT = 100;
import type { Log } from '@bilmarknaden/service-kit/log';

/** The token's user as the rules see it. */
export interface StaffUser {
  username: string;
  role: number;
}

export interface ReportDecisionDeps {
  db: Database;
  /** The reporter's mail through identity (decision 032); none without it. */
  mail?: { identity: IdentityClient; publicUrl: string } | undefined;
  log: Pick<Log, 'error'>;
  /** Runs after a decision commits: the default process's relay records it in the audit log at once. */
  onDecided?: (() => void) | undefined;
}

const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

/** The mail telling the reporter the outcome: the conversation's ad, never the moderator or the note. */
export function reportOutcomeMail(
  report: { id: number; reporter: string; carTitle: string },
  outcome: ConversationReportOutcome,
  publicUrl: string,
): NotificationRequest {
  return {
    key: `conversation-report-outcome:${report.id}`,
    username: report.reporter,
    kind: 'reports',
    subject: 'Besked om din anmälan',
    text:
      `Tack för att du anmälde konversationen om ”${report.carTitle}”. Vi har granskat den` +
      (outcome === 'handled' ? ' och vidtagit åtgärder.' : ' och hittade inget brott mot våra regler i den.') +
      // Identity adds the line on how to switch such mails off.
      `\n\nDina anmälningar: ${publicUrl}/reports\n`,
  };
}

/**
 * Moderators decide reports of conversations (decision 046): the role first, then the report (404), the moderator's
 * own part in it (403), whether it is still open (409) and the input (400). The decision and its outbox row for the
 * audit log commit together; the reporter is then asked to be mailed, and the relay told.
 */
export function reportDecisionService({ db, mail, log, onDecided }: ReportDecisionDeps) {
  return {
    async decide(user: StaffUser, id: number | null, body: Record<string, unknown>): Promise<void> {
      requireStaff(user);
      if (id === null) throw new DomainError('not-found', M.reportNotFound);
      const decided = await db.transaction(async (tx) => {
        const report = await reportForDecision(tx, id);
        if (!report) throw new DomainError('not-found', M.reportNotFound);
        if (same(report.reporter, user.username)) throw new DomainError('forbidden', M.ownReport);
        if (same(report.seller, user.username) || same(report.buyer, user.username)) {
          throw new DomainError('forbidden', M.ownConversation);
        }
        if (report.decided) throw new DomainError('conflict', M.alreadyDecided);
        const input = normalizeReportDecision(body);
        refuseFailure(lastFailure(reportDecisionRules, input));
        const outcome = input.outcome as ConversationReportOutcome;
        // The report is about the participant who did not make it.
        const reportedUser =
          report.reporter === null ? null : same(report.seller, report.reporter) ? report.buyer : report.seller;
        await decideReport(tx, {
          reportId: report.id,
          conversationId: report.conversationId,
          carId: report.carId,
          actor: user.username,
          outcome,
          reportedUser,
          note: input.note,
        });
        return { report, outcome };
      });
      onDecided?.();
      const { report, outcome } = decided;
      if (mail && report.reporter !== null) {
        const request = reportOutcomeMail({ ...report, reporter: report.reporter }, outcome, mail.publicUrl);
        await mail.identity.notify(request).catch((err: unknown) => {
          log.error({ err, key: request.key }, 'a report outcome mail was not stored; the outcome shows on the list');
        });
      }
    },

    /** The open reports for staff, without those of conversations the moderator takes part in. */
    async queue(user: StaffUser): Promise<ConversationReport[]> {
      requireStaff(user);
      return openConversationReports(db, QUEUE_LIMIT, user.username);
    },

    ownReports(user: StaffUser): Promise<OwnConversationReport[]> {
      return ownConversationReports(db, user.username, OWN_REPORTS_LIMIT);
    },

    /** 'Flaggade meddelanden' for staff (issue #42): a page, newest first; `cursor` is the previous nextCursor. */
    async flaggedMessages(user: StaffUser, cursor: string | undefined): Promise<FlaggedMessageList> {
      requireStaff(user);
      let before: number | null = null;
      if (cursor !== undefined) {
        if (!/^\d{1,15}$/.test(cursor)) throw new DomainError('invalid', MESSAGES.badCursor, { field: 'cursor' });
        before = Number(cursor);
      }
      const rows = await flaggedMessages(db, before, FLAGGED_PAGE + 1);
      const page = rows.slice(0, FLAGGED_PAGE);
      return { messages: page, nextCursor: rows.length > FLAGGED_PAGE ? String(page.at(-1)!.id) : null };
    },
  };
}

export type ReportDecisionService = ReturnType<typeof reportDecisionService>;
