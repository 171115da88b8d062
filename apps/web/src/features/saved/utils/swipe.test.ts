import { describe, expect, it } from 'vitest';
import { isSwipeDelete, isSwipeStart, swipeTranslate } from './swipe.ts';

describe('swipe', () => {
  it('removes only beyond 150 px to the left', () => {
    expect(isSwipeDelete(-150)).toBe(false);
    expect(isSwipeDelete(-151)).toBe(true);
    expect(isSwipeDelete(-400)).toBe(true);
    expect(isSwipeDelete(151)).toBe(false);
    expect(isSwipeDelete(0)).toBe(false);
  });

  it('draws the row left only, clamped at the 145 px drag limit', () => {
    expect(swipeTranslate(-100)).toBe(-100);
    expect(swipeTranslate(-145)).toBe(-145);
    expect(swipeTranslate(-151)).toBe(-145);
    expect(swipeTranslate(60)).toBe(0);
  });

  it('starts a swipe on a mostly sideways move past a few pixels', () => {
    expect(isSwipeStart(-5, 0)).toBe(false);
    expect(isSwipeStart(-20, 5)).toBe(true);
    expect(isSwipeStart(-20, 30)).toBe(false);
  });
});
