import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';
import type { OwnConversationReport } from '@bilmarknaden/shared/api-types';
import { isStaffRole } from '@bilmarknaden/shared/constants';
import { MODERATION_MESSAGES } from '@bilmarknaden/shared/validation/moderation';
import {
  normalizeReportDecision,
  REPORT_DECISION_MESSAGES as M,
  reportDecisionRules,
  type ConversationReportOutcome,
} from '@bilmarknaden/shared/validation/report-decision';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { DomainError, refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import type { IdentityClient, NotificationRequest } from '@bilmarknaden/service-kit/identity-client';
import { decideReport, ownConversationReports, reportForDecision } from '../repositories/reports-repository.ts';

/** The token's user as the rules see it. */
export interface StaffUser {
  username: string;
  role: number;
}

export interface ReportDecisionDeps {
  db: Database;
  /** The reporter's mail through identity (decision 032); none without it. */
  mail?: { identity: IdentityClient; publicUrl: string } | undefined;
  log: FastifyBaseLogger;
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
      if (!isStaffRole(user.role)) {
        throw new DomainError('forbidden', MODERATION_MESSAGES.staffOnly);
      }
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

    ownReports(user: StaffUser): Promise<OwnConversationReport[]> {
      return ownConversationReports(db, user.username);
    },
  };
}

export type ReportDecisionService = ReturnType<typeof reportDecisionService>;
