import type { Log } from '@bilmarknaden/service-kit/log';
import type { Database } from '@bilmarknaden/db/database';
import type { JobDefinition } from '@bilmarknaden/service-kit/jobs/job-runner';
import { applyConversationReportDecision } from '@bilmarknaden/inventory/jobs/apply-conversation-report-decision';
import { reportDecisionsOutbox } from '@bilmarknaden/messaging/repositories/report-decisions-repository';
import { outboxRelayJob } from './outbox-relay.ts';

/**
 * Carries messaging's decisions of reported conversations to inventory's audit log on one database (decision 046).
 * Woken after each decision (messaging's `onReportDecided`); the default process and inventory alone run it.
 */
export function reportDecisionRelayJob(db: Database, log: Log): JobDefinition {
  const decisions = reportDecisionsOutbox(db);
  return outboxRelayJob({
    name: 'report-decision-relay',
    outbox: {
      pending: (limit) => decisions.pending(limit),
      markRelayed: (id, at) => decisions.markRelayed(id, at),
    },
    carry: (row) => applyConversationReportDecision(db, { ...row, actor: row.username }),
    log,
    logLines: {
      done: 'recorded a conversation report decision in the audit log',
      failed: 'a conversation report decision is not yet in the audit log; tried again',
    },
  });
}
