import { SWIPE_DELETE_PX, SWIPE_DRAG_LIMIT_PX } from '@bilmarknaden/shared/constants';

/** Movement before a press counts as a swipe (smaller ones stay taps and clicks). */
const SWIPE_START_PX = 8;

/** How far the row is drawn for a horizontal pointer delta: left only, up to the drag limit. */
export function swipeTranslate(deltaX: number): number {
  return Math.max(-SWIPE_DRAG_LIMIT_PX, Math.min(0, deltaX));
}

/** A release after a left swipe past the threshold removes the row. */
export function isSwipeDelete(deltaX: number): boolean {
  return deltaX < -SWIPE_DELETE_PX;
}

/** A press becomes a swipe once it moves mostly sideways by more than a few pixels. */
export function isSwipeStart(deltaX: number, deltaY: number): boolean {
  return Math.abs(deltaX) > SWIPE_START_PX && Math.abs(deltaX) > Math.abs(deltaY);
}
