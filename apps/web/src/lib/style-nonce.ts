import { setNonce } from 'get-nonce';

/**
 * Hands the page's style nonce (server/src/web-routes.ts writes it into index.html and the page's policy) to
 * get-nonce, from which react-remove-scroll puts it on the scroll-lock `<style>` of every dialog: the policy
 * allows no other inline style. `.nonce`, as Chromium hides the attribute's value once the page has loaded.
 */
export function applyStyleNonce(doc: Document = document): void {
  const nonce = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  if (nonce) setNonce(nonce);
}
