// The feedback service's rules, called without HTTP: who may read and handle feedback, what a form must hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bilmarknaden/db/database';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import { ROLES } from '@bilmarknaden/shared/constants';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { MESSAGES } from '../src/errors.ts';
import { inventoryMigrations } from '../src/migrations.ts';
import { feedbackService, type FeedbackService } from '../src/services/feedback-service.ts';
import { countRows } from './inventory-helpers.ts';

let db: Database;
let dispose: () => Promise<void>;
let feedback: FeedbackService;
beforeAll(async () => {
  ({ db, dispose } = await createTestDatabase([inventoryMigrations]));
  feedback = feedbackService({ db });
});
afterAll(() => dispose());

const form = { name: 'Anna', email: 'anna@example.se', title: 'Hej', content: 'Bra sida' };
const member = { username: 'anna', role: ROLES.user };
const moderator = { username: 'mona', role: ROLES.moderator };
const administrator = { username: 'adam', role: ROLES.administrator };

/** The DomainError `work` throws, as `{kind, message, field}`. */
async function refusal(work: Promise<unknown>) {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  const { kind, message, field } = err as DomainError;
  return { kind, message, field };
}

describe('feedbackService', () => {
  it('stores a valid form and refuses one that breaks a rule, on its field', async () => {
    const before = await countRows(db, 'inventory.feedback');
    const id = await feedback.send(form, 'anna');
    expect(await feedback.list(moderator, {})).toContainEqual(
      expect.objectContaining({ id, ...form, username: 'anna', handledBy: null }),
    );
    expect(await refusal(feedback.send({ ...form, email: 'inte en adress' }, null))).toEqual({
      kind: 'invalid',
      message: 'Ange en giltig mailadress',
      field: 'email',
    });
    expect(await refusal(feedback.send({}, null))).toMatchObject({ kind: 'invalid' });
    expect(await countRows(db, 'inventory.feedback')).toBe(before + 1);
  });

  it('lets moderators and administrators read, handle and remove; others get forbidden before any input is read', async () => {
    const id = await feedback.send(form, null);
    // A bad window or filter is not looked at for a user who may not read feedback at all.
    expect(await refusal(feedback.list(member, { handled: 'ja' }))).toEqual({
      kind: 'forbidden',
      message: MESSAGES.feedbackForbidden,
      field: undefined,
    });
    expect(await refusal(feedback.markHandled(member, null))).toMatchObject({
      kind: 'forbidden',
      message: MESSAGES.feedbackHandleForbidden,
    });
    expect(await refusal(feedback.reopen(member, id))).toMatchObject({
      kind: 'forbidden',
      message: MESSAGES.feedbackHandleForbidden,
    });
    expect(await refusal(feedback.remove(member, id))).toMatchObject({
      kind: 'forbidden',
      message: MESSAGES.feedbackDeleteForbidden,
    });

    expect(await feedback.markHandled(moderator, id)).toMatchObject({ id, handledBy: 'mona' });
    expect((await feedback.list(administrator, { handled: 'false' })).map((f) => f.id)).not.toContain(id);
    expect(await refusal(feedback.list(moderator, { handled: 'ja' }))).toEqual({
      kind: 'invalid',
      message: MESSAGES.feedbackHandledFilter,
      field: 'handled',
    });
    expect(await feedback.reopen(administrator, id)).toMatchObject({ id, handledBy: null, handledAt: null });
    await feedback.remove(administrator, id);
    expect(await countRows(db, 'inventory.feedback', 'id = $1', [id])).toBe(0);
  });

  it('answers not-found for an unknown or unreadable id', async () => {
    for (const id of [null, 999_999]) {
      const notFound = { kind: 'not-found', message: MESSAGES.feedbackNotFound };
      expect(await refusal(feedback.markHandled(moderator, id))).toMatchObject(notFound);
      expect(await refusal(feedback.reopen(moderator, id))).toMatchObject(notFound);
      expect(await refusal(feedback.remove(moderator, id))).toMatchObject(notFound);
    }
  });
});
