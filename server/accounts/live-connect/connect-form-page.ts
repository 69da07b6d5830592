import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { ConnectSession } from '../connect.service';
import { platformOf } from '../../platforms/registry';
import { page } from '../../sandbox-platform/pages/layout';

/**
 * The frame of our own connect forms (Bluesky's handle and app password, Mastodon's server): the
 * platform, what is asked and why, the error of the last try, Continue/Cancel (`decision`), and a
 * link to the other way of connecting where there is one.
 */
type Content = HtmlEscapedString | Promise<HtmlEscapedString>;

export function connectFormPage(input: {
  session: ConnectSession;
  intro: Content;
  fields: Content;
  submitLabel: string;
  error?: string;
  notice?: string;
  alternative?: Content;
}) {
  const definition = platformOf(input.session.platform);
  return page(
    `Connect ${definition.label}`,
    html`<div class="card">
        <div class="platform"><span class="dot" style="background:${definition.brandColor}"></span>${definition.label}</div>
        <h1>Connect your ${definition.label} account</h1>
        <p class="muted">${input.intro}</p>
        ${input.notice ? html`<div class="notice" role="status">${input.notice}</div>` : ''}
        ${input.error ? html`<div class="error" role="alert">${input.error}</div>` : ''}
        <form method="post">
          ${input.fields}
          <div class="actions reverse">
            <button type="submit" name="decision" value="approve" class="primary">${input.submitLabel}</button>
            <button type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
          </div>
        </form>
        ${input.alternative ? html`<p class="alternative">${input.alternative}</p>` : ''}
      </div>`,
  );
}
