import { html } from 'hono/html';
import type { ConnectSession } from '../connect.service';
import { connectFormPage } from './connect-form-page';

/**
 * The first step for a platform whose servers may offer OAuth (Bluesky, decision 065): the handle
 * tells which server the account is on; Continue goes to that server's authorization page, or to
 * the app-password form when it has none. The app password stays one link away.
 */
export function handlePage(input: { session: ConnectSession; appPasswordHref: string; handle?: string; error?: string }) {
  return connectFormPage({
    session: input.session,
    error: input.error,
    submitLabel: 'Continue',
    intro: html`Enter your handle. You will log in on your own server and allow SocialDesk to publish and read for you; SocialDesk never sees your password.`,
    fields: html`<input type="hidden" name="step" value="handle" />
      <fieldset>
        <label for="handle"><strong>Handle</strong></label>
        <input type="text" id="handle" name="handle" required maxlength="253" autocomplete="username" autocapitalize="none" spellcheck="false" placeholder="alice.bsky.social" aria-describedby="handle-hint" value="${input.handle ?? ''}" />
        <div id="handle-hint" class="muted">Your full handle, such as alice.bsky.social or a domain of your own.</div>
      </fieldset>`,
    alternative: html`<a href="${input.appPasswordHref}">Use an app password instead</a>`,
  });
}
