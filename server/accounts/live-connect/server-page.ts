import { html } from 'hono/html';
import type { ConnectSession } from '../connect.service';
import { connectFormPage } from './connect-form-page';

/**
 * Asks which server to log in on, for platforms of many servers (Mastodon) when the connect API
 * was not given `serverUrl` (the dashboard, the hosted portal). Posting it leads to that server's
 * consent page.
 */
export function serverPage(input: { session: ConnectSession; label: string; example: string; server?: string; error?: string }) {
  return connectFormPage({
    session: input.session,
    error: input.error,
    submitLabel: 'Continue',
    intro: html`Name the server your account is on. You will log in there and allow SocialDesk to publish and read for you.`,
    fields: html`<fieldset>
      <label for="server"><strong>${input.label}</strong></label>
      <input type="text" id="server" name="server" required maxlength="253" inputmode="url" autocomplete="url" placeholder="${input.example}" value="${input.server ?? ''}" />
    </fieldset>`,
  });
}
