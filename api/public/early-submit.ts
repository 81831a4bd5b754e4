import { createHash } from 'node:crypto';
import { EARLY_SUBMIT_ATTR, EARLY_SUBMIT_TAKEOVER } from '../platform/contracts/ssr.contract';

/**
 * The server-rendered pages' one inline script, first in their head: a form can be filled and
 * sent (Enter, a password manager) long before the app's scripts run, and that submit must not be
 * lost. Until the app has hydrated a form (and said so, or handled the submit itself) it marks the
 * submitted form and its button busy (aria-busy); a form without an `action` (the sign-in, which
 * has no server fallback) is held for the app to send, one with an `action` goes to the server as
 * the browser posts it (contact, demo request, Pay Now). A second Enter neither posts nor queues
 * twice. A page come back from the back-forward cache after its post lets its forms be sent again.
 * About 800 bytes, so the page is not slowed.
 */
export const EARLY_SUBMIT_SCRIPT = `(()=>{
const taken = new WeakSet();
addEventListener("submit", (event) => {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement) || taken.has(form)) return;
  if (form.hasAttribute("${EARLY_SUBMIT_ATTR}")) return event.preventDefault();
  const held = !form.hasAttribute("action");
  if (held) event.preventDefault();
  form.setAttribute("${EARLY_SUBMIT_ATTR}", held ? "held" : "posted");
  (event.submitter || form.querySelector("[type=submit]"))?.setAttribute("aria-busy", "true");
});
addEventListener("pageshow", (event) => {
  if (event.persisted) for (const form of document.querySelectorAll("form[${EARLY_SUBMIT_ATTR}=posted]")) {
    form.removeAttribute("${EARLY_SUBMIT_ATTR}");
    form.querySelector("[aria-busy]")?.removeAttribute("aria-busy");
  }
});
window.${EARLY_SUBMIT_TAKEOVER} = (form) => taken.add(form);
})()`;

/** The element the pages carry. */
export const EARLY_SUBMIT_TAG = `<script>${EARLY_SUBMIT_SCRIPT}</script>`;

/** The script's CSP source: the policy lets exactly this inline script run, and no other. */
export const EARLY_SUBMIT_CSP_SOURCE = `'sha256-${createHash('sha256').update(EARLY_SUBMIT_SCRIPT).digest('base64')}'`;
