import { describe, expect, it } from 'vitest';
import { lastFailure } from './rules.ts';
import { loginRules } from './login.ts';
import { feedbackRules, FEEDBACK_LIMITS } from './feedback.ts';
import { compressionQuality, imageCountFailure, imageSizeFailure } from './images.ts';

describe('login rules', () => {
  const login = (email: string, password: string) => lastFailure(loginRules, { email, password })?.message ?? null;
  it.each([
    ['a@b.se', '12345678', null],
    ['a@b', '12345678', 'Ange en giltig mailadress'],
    ['a@b.se', '1234567', 'Lösenord måste vara minst 8 tecken'],
    ['a@b.se', 'x'.repeat(50), null],
    ['a@b.se', 'x'.repeat(51), 'Lösenord måste vara minst 8 tecken'],
    ['ab', '1', 'Lösenord måste vara minst 8 tecken'],
  ])('%s / %s → %s', (email, password, expected) => {
    expect(login(email, password)).toBe(expected);
  });

  it("keeps the specification's email rule alone: an account made before the address rule can log in", () => {
    for (const email of ['@.se', 'a@.se', '.@se', 'anna@se.']) expect(login(email, '12345678')).toBeNull();
  });
});

describe('feedback rules', () => {
  const valid = { name: 'Anna', email: 'anna@example.se', title: 'Bra sida', content: 'Tack!' };
  it('requires every field', () => {
    expect(lastFailure(feedbackRules, valid)).toBeNull();
    expect(lastFailure(feedbackRules, { ...valid, name: '' })?.field).toBe('name');
    expect(lastFailure(feedbackRules, { ...valid, email: 'nope' })?.message).toBe('Ange en giltig mailadress');
    expect(lastFailure(feedbackRules, { ...valid, title: '' })?.field).toBe('title');
    expect(lastFailure(feedbackRules, { ...valid, content: '' })?.field).toBe('content');
    expect(lastFailure(feedbackRules, { ...valid, content: 'x'.repeat(FEEDBACK_LIMITS.contentMax + 1) })?.field).toBe(
      'content',
    );
  });

  it('refuses control and bidi characters as ads do: line breaks and tabs only in the message', () => {
    const failure = (over: Partial<typeof valid>) => lastFailure(feedbackRules, { ...valid, ...over });
    expect(failure({ name: 'Anna\u202E' })).toEqual({
      field: 'name',
      message: 'Namnet innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)',
    });
    expect(failure({ email: 'anna\u200E@example.se' })).toEqual({
      field: 'email',
      message: 'Ange en giltig mailadress',
    });
    expect(failure({ title: 'Bra\tsida' })).toEqual({
      field: 'title',
      message: 'Rubriken innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)',
    });
    expect(failure({ content: 'Tack!\u2067' })).toEqual({
      field: 'content',
      message: 'Meddelandet innehåller otillåtna osynliga styrtecken',
    });
    expect(failure({ content: 'Tack!\r\n\tHälsningar' })).toBeNull();
  });

  it.each(['@.se', 'a@.se', '.@se', 'anna@se.', 'anna@@example.se', 'anna svensson@example.se', 'anna@example..se'])(
    'refuses the email %j as an address mail cannot reach',
    (email) => {
      expect(lastFailure(feedbackRules, { ...valid, email })).toEqual({
        field: 'email',
        message: 'Ange en giltig mailadress',
      });
    },
  );

  it('accepts an ordinary address', () => {
    expect(lastFailure(feedbackRules, { ...valid, email: 'anna.svensson+bil@example.co.uk' })).toBeNull();
  });

  it('says a text is too long rather than asking for it as if it were empty', () => {
    const at = (field: 'name' | 'title' | 'content', length: number) =>
      lastFailure(feedbackRules, { ...valid, [field]: 'å'.repeat(length) })?.message ?? null;
    expect(at('name', FEEDBACK_LIMITS.nameMax)).toBeNull();
    expect(at('name', FEEDBACK_LIMITS.nameMax + 1)).toBe('Namnet får vara högst 100 tecken');
    expect(at('title', FEEDBACK_LIMITS.titleMax)).toBeNull();
    expect(at('title', FEEDBACK_LIMITS.titleMax + 1)).toBe('Rubriken får vara högst 120 tecken');
    expect(at('content', FEEDBACK_LIMITS.contentMax)).toBeNull();
    expect(at('content', FEEDBACK_LIMITS.contentMax + 1)).toBe('Meddelandet får vara högst 5000 tecken');
    expect(lastFailure(feedbackRules, { ...valid, title: '' })?.message).toBe('Ange en rubrik');
  });
});

describe('image rules', () => {
  it('allows 10,000 KB and refuses one byte more', () => {
    expect(imageSizeFailure(10_000 * 1024)).toBeNull();
    expect(imageSizeFailure(10_000 * 1024 + 1)).toBe('Max 10 MB');
  });
  it('allows 8 images, not 9', () => {
    expect(imageCountFailure(8)).toBeNull();
    expect(imageCountFailure(9)).not.toBeNull();
  });
  it('steps the compression quality down with size', () => {
    expect(compressionQuality(1_999 * 1024)).toBe(0.8);
    expect(compressionQuality(2_000 * 1024)).toBe(0.6);
    expect(compressionQuality(5_000 * 1024)).toBe(0.4);
    expect(compressionQuality(9_000 * 1024)).toBe(0.2);
  });
});
