import { afterEach, describe, expect, it } from 'vitest';
import { getNonce, setNonce } from 'get-nonce';
import { applyStyleNonce } from './style-nonce.ts';

afterEach(() => {
  document.head.querySelector('meta[property="csp-nonce"]')?.remove();
  setNonce(undefined as unknown as string);
});

describe('applyStyleNonce', () => {
  it("gives the page's nonce to get-nonce, where react-remove-scroll reads it", () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    // As Chromium shows it once the page has loaded: the attribute emptied, the value only in `.nonce`.
    meta.setAttribute('nonce', '');
    Object.defineProperty(meta, 'nonce', { value: 'abc123+/==' });
    document.head.append(meta);
    applyStyleNonce();
    expect(getNonce()).toBe('abc123+/==');
  });

  it('sets nothing on a page without one (the dev server)', () => {
    applyStyleNonce();
    expect(getNonce()).toBeUndefined();
  });
});
