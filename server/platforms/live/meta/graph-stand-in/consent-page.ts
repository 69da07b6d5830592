import type { LocalReceiver } from '../../test-kit/local-receiver';
import { paramsOf } from './graph-rules';
import type { MetaWorld, Product } from './stand-in-world';

/**
 * An authorization window of the stand-in: Facebook's login dialog, Instagram's and Threads'
 * authorization pages. A GET checks the request as Meta documents it (the app id of that product,
 * a registered `redirect_uri`, `response_type=code`, known scopes) and shows a page with a form a
 * test submits ("clicks", `clickConsent` in meta-test-kit.ts): the Pages to share (Facebook), the
 * permissions kept (where the window lets them be declined), allow or cancel. The POST sends the
 * person to `redirect_uri` with a single-use code and the `state`, or with Meta's denial.
 */
export type AuthorizationWindow = {
  product: Product;
  title: string;
  knownScopes: readonly string[];
  /** The scope the window refuses to go without (`instagram_business_basic`, `threads_basic`). */
  requiredScope?: string;
  /** Facebook Login lists the person's Pages to share. */
  withPages: boolean;
  /** Whether the person may untick permissions (Facebook, Instagram); Threads grants what is asked. */
  declinable: boolean;
  /** The query Meta sends back when the person cancels. */
  denial: Record<string, string>;
  /** What Meta appends to the redirect (`#_=_` for Facebook, `#_` for Instagram). */
  fragment: string;
};

export function authorizationWindow(receiver: LocalReceiver, world: MetaWorld, path: string, window: AuthorizationWindow): void {
  receiver.on(`GET ${path}`, (received) => {
    const checked = check(world, window, received.query);
    if (checked instanceof Response) return checked;
    world.authorizations.push({ product: window.product, query: new URLSearchParams(received.query) });
    return page(world, window, path, received.query, checked.scopes);
  });
  receiver.on(`POST ${path}`, async (received) => {
    const form = await paramsOf(received);
    const request = new URLSearchParams(form.get('request') ?? '');
    const checked = check(world, window, request);
    if (checked instanceof Response) return checked;
    const back = new URL(checked.redirectUri);
    const state = request.get('state');
    if (form.get('decision') !== 'allow') {
      back.search = new URLSearchParams({ ...window.denial, ...(state ? { state } : {}) }).toString();
      return redirect(`${back}${window.fragment}`);
    }
    const kept = window.declinable ? new Set(form.getAll('scope')) : new Set(checked.scopes);
    const code = world.issueCode({
      product: window.product,
      clientId: world.apps[window.product].id,
      redirectUri: checked.redirectUri,
      subject: world.loginAs[window.product],
      scopes: checked.scopes.filter((scope) => kept.has(scope)),
      pages: window.withPages ? form.getAll('page') : [],
    });
    back.search = new URLSearchParams({ code, ...(state ? { state } : {}) }).toString();
    return redirect(`${back}${window.fragment}`);
  });
}

function check(world: MetaWorld, window: AuthorizationWindow, query: URLSearchParams): { redirectUri: string; scopes: string[] } | Response {
  // Another product's app id here is the documented "Invalid platform app" (a Facebook app id on Instagram's page).
  if (query.get('client_id') !== world.apps[window.product].id) return errorPage('Invalid platform app');
  const redirectUri = query.get('redirect_uri');
  if (!redirectUri || !world.redirectUris.has(redirectUri)) {
    return errorPage("URL blocked: this redirect failed because the redirect URI is not whitelisted in the app's client OAuth settings");
  }
  if (query.get('response_type') !== 'code') return errorPage('Invalid response_type: this app uses the authorization code flow');
  // A comma-separated list, or a URL-encoded space-separated one.
  const scopes = (query.get('scope') ?? '')
    .split(/[ ,]+/)
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = scopes.filter((scope) => !window.knownScopes.includes(scope));
  if (unknown.length > 0) return errorPage(`Invalid Scopes: ${unknown.join(', ')}`);
  if (window.requiredScope && !scopes.includes(window.requiredScope)) return errorPage(`Invalid request: ${window.requiredScope} is required`);
  return { redirectUri, scopes };
}

function page(world: MetaWorld, window: AuthorizationWindow, path: string, query: URLSearchParams, scopes: string[]): Response {
  const pages = window.withPages
    ? `<fieldset><legend>Pages</legend>${world.pages
        .map((item) => `<label><input type="checkbox" name="page" value="${escape(item.id)}" checked> ${escape(item.name)}</label>`)
        .join('')}</fieldset>`
    : '';
  const permissions = scopes
    .map((scope) =>
      window.declinable ? `<label><input type="checkbox" name="scope" value="${escape(scope)}" checked> ${escape(scope)}</label>` : `<li>${escape(scope)}</li>`,
    )
    .join('');
  const html = `<!doctype html><html><head><title>${escape(window.title)}</title></head><body><h1>${escape(window.title)}</h1>
<form method="post" action="${escape(path)}"><input type="hidden" name="request" value="${escape(query.toString())}">
${pages}<fieldset><legend>Permissions</legend>${window.declinable ? permissions : `<ul>${permissions}</ul>`}</fieldset>
<button name="decision" value="allow">Continue</button> <button name="decision" value="cancel">Cancel</button></form></body></html>`;
  return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

function errorPage(text: string): Response {
  return new Response(`<!doctype html><html><body><h1>Error</h1><p>${escape(text)}</p></body></html>`, {
    status: 400,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
}

function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location } });
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
