import http from 'node:http';

/**
 * A person on the PDS's own authorization page (`@atproto/oauth-provider`), over HTTP as its page
 * script does it: load `/oauth/authorize` (sets the CSRF and device cookies), sign in through its
 * API with the CSRF header, then consent or refuse. Answers the URL the server sends the browser
 * back to (our `/connect/callback`). Tests only.
 */
const API = '/@atproto/oauth-provider/~api';

type Answer = { status: number; setCookies: string[]; location: string | undefined; text: string };

/** Node's `http`: global fetch overwrites the `sec-fetch-*` headers the provider checks. */
function send(url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method, headers: init.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          setCookies: response.headers['set-cookie'] ?? [],
          location: response.headers.location,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

export async function answerOnPds(authorizeUrl: string, input: { username: string; password: string; decision: 'approve' | 'deny' }): Promise<string> {
  const url = new URL(authorizeUrl);
  const cookies = new Map<string, string>();
  const keep = (response: Answer) => {
    for (const line of response.setCookies) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  const page = await send(url.toString(), {
    method: 'GET',
    headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'cross-site' },
  });
  if (page.status !== 200) throw new Error(`the authorization page answered ${page.status}: ${page.text.slice(0, 500)}`);
  keep(page);

  const api = async (endpoint: string, body: unknown, extra: Record<string, string> = {}) => {
    const response = await send(`${url.origin}${API}${endpoint}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: url.origin,
        referer: url.toString(),
        'sec-fetch-mode': 'same-origin',
        'sec-fetch-site': 'same-origin',
        'sec-fetch-dest': 'empty',
        'x-csrf-token': cookies.get('csrf-token') ?? '',
        cookie: cookieHeader(),
        ...extra,
      },
      body: JSON.stringify(body),
    });
    keep(response);
    const json = JSON.parse(response.text) as Record<string, unknown>;
    if (response.status !== 200) throw new Error(`${endpoint} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };

  let answered: string;
  if (input.decision === 'deny') answered = (await api('/reject', {})).url as string;
  else {
    const signedIn = await api('/sign-in', { locale: 'en', username: input.username, password: input.password, remember: false });
    const account = signedIn.account as { sub: string };
    answered = (await api('/consent', { sub: account.sub }, { authorization: `Bearer ${String(signedIn.ephemeralToken)}` })).url as string;
  }
  // The page then navigates to the provider's redirect endpoint, which sends the browser to the client.
  const redirect = await send(answered, {
    method: 'GET',
    headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin', referer: url.toString(), cookie: cookieHeader() },
  });
  if (redirect.status < 300 || redirect.status >= 400 || !redirect.location)
    throw new Error(`the redirect endpoint answered ${redirect.status}: ${redirect.text.slice(0, 300)}`);
  return redirect.location;
}
