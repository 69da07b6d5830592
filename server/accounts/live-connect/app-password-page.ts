import { html } from 'hono/html';
import type { ConnectSession } from '../connect.service';
import { platformOf } from '../../platforms/registry';
import { page } from '../../sandbox/pages/layout';

/** Our own login form for a platform that authorizes apps with an app password (Bluesky). */
export function appPasswordPage(input: { session: ConnectSession; identifierLabel: string; helpUrl: string | null; identifier?: string; error?: string }) {
  const definition = platformOf(input.session.platform);
  return page(
    `Connect ${definition.label}`,
    html`<div class="card">
        <div class="platform"><span class="dot" style="background:${definition.brandColor}"></span>${definition.label}</div>
        <h1>Connect your ${definition.label} account</h1>
        <p class="muted">
          Log in with an app password, not your main password: it can publish and read for SocialDesk, and you can revoke it at any time.
          ${input.helpUrl ? html`<a href="${input.helpUrl}" rel="noreferrer" target="_blank">Make an app password</a>.` : ''}
        </p>
        ${input.error ? html`<div class="error" role="alert">${input.error}</div>` : ''}
        <form method="post">
          <fieldset>
            <label for="identifier"><strong>${input.identifierLabel}</strong></label>
            <input type="text" id="identifier" name="identifier" required maxlength="253" autocomplete="username" value="${input.identifier ?? ''}" />
          </fieldset>
          <fieldset>
            <label for="password"><strong>App password</strong></label>
            <input type="password" id="password" name="password" required maxlength="200" autocomplete="current-password" />
          </fieldset>
          <div class="actions reverse">
            <button type="submit" name="decision" value="approve" class="primary">Connect</button>
            <button type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
          </div>
        </form>
      </div>`,
  );
}
