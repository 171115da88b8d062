import { afterEach, describe, expect, it } from 'vitest';
import { getNonce, setNonce } from 'get-nonce';
import { applyStyleNonce } from './style-nonce.ts';

afterEach(() => {
  document.head.querySelector('meta[property="csp-nonce"]')?.remove();
  setNonce(undefined as unknown as string);
});

describe('applyStyleNonce', () => {
  it("gives the page's nonce to get-nonce, where react-remove-scroll reads it", () => {
    document.head.insertAdjacentHTML('beforeend', '<meta property="csp-nonce" nonce="abc123+/==">');
    applyStyleNonce();
    expect(getNonce()).toBe('abc123+/==');
  });

  it('sets nothing on a page without one (the dev server)', () => {
    applyStyleNonce();
    expect(getNonce()).toBeUndefined();
  });
});
