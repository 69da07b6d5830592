import { html } from 'hono/html';
import type { ConnectSession } from '../../accounts/connect.service';
import { PERMISSION_LABELS, type Permission } from '../../platforms/permissions';
import { platformOf } from '../../platforms/registry';
import type { SandboxProfile } from '../../platforms/sandbox-connector/world';
import { page } from './layout';

/** The sandbox platform's login and consent screen, as a platform would show it. */
export function consentPage(input: {
  session: ConnectSession;
  profiles: SandboxProfile[];
  avatar: (profile: SandboxProfile) => string;
  reconnectUsername: string | null;
  error?: string;
}) {
  const definition = platformOf(input.session.platform);
  const asked = input.session.requestedPermissions as Permission[];
  const title = `Log in with ${definition.label}`;
  return page(
    `${title} · Sandbox`,
    html`<div class="card">
        <div class="banner">Sandbox platform · simulated ${definition.label}, no real account is used</div>
        <div class="platform"><span class="dot" style="background:${definition.brandColor}"></span>${definition.label}</div>
        <h1>SocialDesk wants to access your ${definition.label} account</h1>
        ${
          input.reconnectUsername
            ? html`<p class="muted">Log in again as <strong>${input.reconnectUsername}</strong> to refresh the connection. Another account will be refused.</p>`
            : html`<p class="muted">Choose the account to connect, review what is asked, then allow or deny.</p>`
        }
        ${input.error ? html`<div class="error" role="alert">${input.error}</div>` : ''}
        <form method="post">
          <fieldset>
            <legend>Account</legend>
            ${input.profiles.map(
              (profile, index) => html`<label class="option"
                ><input type="radio" name="profile" value="${profile.id}" ${index === 0 ? 'checked' : ''} /><img src="${input.avatar(profile)}" alt="" /><span
                  ><strong>${profile.displayName}</strong><br /><span class="muted">@${profile.username}</span></span
                ></label
              >`,
            )}
            <label class="option"
              ><input type="radio" name="profile" value="new" ${input.profiles.length === 0 ? 'checked' : ''} /><span>Create a new ${definition.label} account</span></label
            >
            <input type="text" name="username" aria-label="Username for a new account" placeholder="Username (optional)" maxlength="60" pattern="@?[A-Za-z0-9._\\-]+" />
          </fieldset>
          <fieldset>
            <legend>SocialDesk will be able to</legend>
            ${asked.map(
              (permission) => html`<label class="option"
                ><input type="checkbox" name="permissions" value="${permission}" checked ${permission === 'profile' ? 'disabled' : ''} /><span
                  >${PERMISSION_LABELS[permission]}</span
                ></label
              >`,
            )}
          </fieldset>
          <!-- Allow comes first so Enter in the username field allows; CSS shows it on the right. -->
          <div class="actions reverse">
            <button type="submit" name="decision" value="approve" class="primary">Allow</button>
            <button type="submit" name="decision" value="deny">Deny</button>
          </div>
        </form>
      </div>
      <footer>This page is part of the SocialDesk sandbox. Nothing is sent to ${definition.label}.</footer>`,
  );
}
