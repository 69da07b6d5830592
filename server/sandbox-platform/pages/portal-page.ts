import { html } from 'hono/html';
import type { Portal } from '../../accounts/portal.service';
import type { SocialAccountRow } from '../../accounts/account-record';
import { platformOf } from '../../platforms/registry';
import { page } from './layout';

/** The hosted portal: one row per platform, connected or with a Connect button. */
export function portalPage(input: { portal: Portal; accounts: SocialAccountRow[]; notice?: { ok: boolean; text: string } }) {
  const { portal } = input;
  const settings = portal.settings as {
    userName?: string;
    goBackButtonText?: string;
    hideGoBackButton?: boolean;
    hidePoweredBy?: boolean;
    hideUserName?: boolean;
  };
  const limitReached = portal.maxAccounts !== null && input.accounts.length >= portal.maxAccounts;
  return page(
    'Connect your accounts',
    html`<div class="card">
        <h1>Connect your accounts${settings.userName && !settings.hideUserName ? html` to ${settings.userName}` : ''}</h1>
        <p class="muted">Pick the platforms to connect. You log in on each platform's own page.</p>
        ${input.notice ? html`<div class="${input.notice.ok ? 'success' : 'error'}" role="status">${input.notice.text}</div>` : ''}
        <ul class="platforms">
          ${portal.platforms.map((type) => {
            const definition = platformOf(type);
            const account = input.accounts.find((candidate) => candidate.type === type);
            return html`<li>
              <span class="platform"><span class="dot" style="background:${definition.brandColor}"></span>${definition.label}</span>
              ${
                account
                  ? html`<span class="ok">Connected${(account.username ?? account.user.username) ? html` as ${account.username ?? account.user.username}` : ''}</span>`
                  : html`<form method="post" action="/portal/${portal.id}/connect">
                    <input type="hidden" name="type" value="${type}" /><button type="submit" ${limitReached ? 'disabled' : ''}>Connect</button>
                  </form>`
              }
            </li>`;
          })}
        </ul>
        ${limitReached ? html`<p class="muted">The maximum number of connected accounts for this link is reached.</p>` : ''}
        ${
          portal.redirectUrl && !settings.hideGoBackButton
            ? html`<div class="actions"><a href="${portal.redirectUrl}"><button type="button" class="primary">${settings.goBackButtonText ?? 'Done'}</button></a></div>`
            : ''
        }
      </div>
      ${settings.hidePoweredBy ? '' : html`<footer>Powered by SocialDesk</footer>`}`,
  );
}
