import { html } from 'hono/html';
import type { ConnectSession } from '../connect.service';
import { connectFormPage } from './connect-form-page';

/** Our own login form for a platform that authorizes apps with an app password (Bluesky). */
export function appPasswordPage(input: {
  session: ConnectSession;
  identifierLabel: string;
  helpUrl: string | null;
  identifier?: string;
  error?: string;
  notice?: string;
  /** Where the person may log in on their server instead (Bluesky's handle page), if offered. */
  oauthHref?: string;
}) {
  return connectFormPage({
    session: input.session,
    error: input.error,
    notice: input.notice,
    alternative: input.oauthHref ? html`<a href="${input.oauthHref}">Log in on your server instead</a>` : undefined,
    submitLabel: 'Connect',
    intro: html`Log in with an app password, not your main password: it can publish and read for SocialDesk, and you can revoke it at any time.
      ${input.helpUrl ? html`<a href="${input.helpUrl}" rel="noreferrer" target="_blank">Make an app password</a>.` : ''}`,
    fields: html`<fieldset>
        <label for="identifier"><strong>${input.identifierLabel}</strong></label>
        <input type="text" id="identifier" name="identifier" required maxlength="253" autocomplete="username" value="${input.identifier ?? ''}" />
      </fieldset>
      <fieldset>
        <label for="password"><strong>App password</strong></label>
        <input type="password" id="password" name="password" required maxlength="200" autocomplete="current-password" />
      </fieldset>`,
  });
}
