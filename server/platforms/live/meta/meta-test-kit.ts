import { startLocalReceiver, type LocalReceiver, type Received } from '../test-kit/local-receiver';
import { engagementRoutes } from './graph-stand-in/engagement-routes';
import { facebookDialog, facebookGraph } from './graph-stand-in/facebook-routes';
import { instagramRoutes } from './graph-stand-in/instagram-routes';
import { messagingRoutes } from './graph-stand-in/messaging-routes';
import { extrasRoutes } from './graph-stand-in/extras-routes';
import { profileRoutes } from './graph-stand-in/profile-routes';
import { publishingRoutes } from './graph-stand-in/publishing-routes';
import { MetaWorld, type Product, type StandInApp } from './graph-stand-in/stand-in-world';
import { threadsRoutes } from './graph-stand-in/threads-routes';

/*
 * The Graph API stand-in (decision 072): one local server per Meta host the connectors call or
 * send people to, each implementing the endpoints this slice uses as Meta's reference describes
 * them (`graph-stand-in/`), over one world of people, Pages, codes and tokens (`MetaWorld`) that
 * tests read and steer. `env` points the app's settings at it.
 */
export const META_APPS: Record<Product, StandInApp> = {
  facebook: { id: '1234567890123456', secret: 'meta-app-secret' },
  instagram: { id: '9876543210987654', secret: 'instagram-app-secret' },
  threads: { id: '5556667778889990', secret: 'threads-app-secret' },
};
export const GRAPH_VERSION = 'v26.0';
export const THREADS_VERSION = 'v1.0';

export type MetaStandIn = Awaited<ReturnType<typeof startMetaStandIn>>;

/** Each Meta host the connectors call or send people to, with the setting that names it; fixed ports are given in this order. */
const HOST_SETTINGS = {
  facebookGraph: 'FACEBOOK_GRAPH_URL',
  facebookDialog: 'FACEBOOK_DIALOG_URL',
  instagramAuthorize: 'INSTAGRAM_AUTHORIZE_URL',
  instagramToken: 'INSTAGRAM_TOKEN_URL',
  instagramGraph: 'INSTAGRAM_GRAPH_URL',
  threadsAuthorize: 'THREADS_AUTHORIZE_URL',
  threadsGraph: 'THREADS_GRAPH_URL',
  facebookRupload: 'FACEBOOK_RUPLOAD_URL',
} as const;
type HostName = keyof typeof HOST_SETTINGS;
const HOST_NAMES = Object.keys(HOST_SETTINGS) as HostName[];

/** The settings that point the app at a stand-in whose hosts are at `urlOf`, with the apps' credentials. */
export function metaStandInEnv(urlOf: (host: HostName, index: number) => string) {
  return {
    META_APP_ID: META_APPS.facebook.id,
    META_APP_SECRET: META_APPS.facebook.secret,
    INSTAGRAM_APP_ID: META_APPS.instagram.id,
    INSTAGRAM_APP_SECRET: META_APPS.instagram.secret,
    THREADS_APP_ID: META_APPS.threads.id,
    THREADS_APP_SECRET: META_APPS.threads.secret,
    META_GRAPH_VERSION: GRAPH_VERSION,
    THREADS_API_VERSION: THREADS_VERSION,
    ...(Object.fromEntries(HOST_NAMES.map((host, index) => [HOST_SETTINGS[host], urlOf(host, index)])) as Record<(typeof HOST_SETTINGS)[HostName], string>),
  };
}

export async function startMetaStandIn(options: { publicUrl: string; firstPort?: number }) {
  // Fixed ports from `firstPort` on (one per host, in this order) where the app's settings must be
  // known before the stand-in starts (the Playwright journey); any free port otherwise.
  const { firstPort } = options;
  const hostList = await Promise.all(
    HOST_NAMES.map(async (name, index) => [name, await startLocalReceiver({ port: firstPort === undefined ? undefined : firstPort + index })] as const),
  );
  const hosts = Object.fromEntries(hostList) as Record<HostName, LocalReceiver>;
  let world = newWorld(options.publicUrl);
  const install = () => {
    for (const receiver of Object.values(hosts)) receiver.reset();
    facebookDialog(hosts.facebookDialog, world, GRAPH_VERSION);
    facebookGraph(hosts.facebookGraph, world, GRAPH_VERSION);
    instagramRoutes({ authorize: hosts.instagramAuthorize, token: hosts.instagramToken, graph: hosts.instagramGraph }, world, GRAPH_VERSION);
    threadsRoutes({ authorize: hosts.threadsAuthorize, graph: hosts.threadsGraph }, world, THREADS_VERSION);
    // Last, so consulted first: on shared paths (`/{object-id}`, `/{id}/comments`) it answers only for the objects its world keeps.
    engagementRoutes({ facebook: hosts.facebookGraph, instagram: hosts.instagramGraph, threads: hosts.threadsGraph }, world, {
      graph: GRAPH_VERSION,
      threads: THREADS_VERSION,
    });
    messagingRoutes({ facebook: hosts.facebookGraph, instagram: hosts.instagramGraph }, world, GRAPH_VERSION);
    profileRoutes({ facebook: hosts.facebookGraph, instagram: hosts.instagramGraph }, world, GRAPH_VERSION);
    extrasRoutes(hosts.facebookGraph, world, GRAPH_VERSION);
    publishingRoutes({ facebook: hosts.facebookGraph, instagram: hosts.instagramGraph, threads: hosts.threadsGraph, rupload: hosts.facebookRupload }, world, {
      graph: GRAPH_VERSION,
      threads: THREADS_VERSION,
    });
  };
  install();
  return {
    hosts,
    get world() {
      return world;
    },
    /** The settings that point the app at the stand-in, with the apps' credentials. */
    env: metaStandInEnv((host) => hosts[host].url),
    /** A fresh world (people, tokens, clock, faults) and no requests kept. */
    reset() {
      world = newWorld(options.publicUrl);
      install();
    },
    close: () => Promise.all(Object.values(hosts).map((receiver) => receiver.close())),
  };
}

function newWorld(publicUrl: string): MetaWorld {
  return new MetaWorld({ apps: META_APPS, redirectUris: [`${publicUrl}/connect/callback`] });
}

export type ConsentChoice = {
  /** The person cancels. */
  deny?: boolean;
  /** The Pages shared (Facebook); all by default. */
  pages?: string[];
  /** Permissions unticked. */
  decline?: string[];
};

/**
 * "Clicks" a stand-in authorization window as a person would: opens it, keeps the form's hidden
 * request, ticks the Pages and permissions chosen, submits Continue (or Cancel). Answers Meta's
 * redirect to our callback.
 */
export async function clickConsent(consent: URL, choice: ConsentChoice = {}): Promise<Response> {
  const page = await fetch(consent);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`the authorization window answered ${page.status}: ${html}`);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('the authorization window has no form');
  const form = new URLSearchParams({ request: htmlUnescape(/name="request" value="([^"]*)"/.exec(html)?.[1] ?? '') });
  for (const [, id] of html.matchAll(/name="page" value="([^"]+)"/g))
    if (!choice.pages || choice.pages.includes(htmlUnescape(id!))) form.append('page', htmlUnescape(id!));
  for (const [, scope] of html.matchAll(/name="scope" value="([^"]+)"/g))
    if (!choice.decline?.includes(htmlUnescape(scope!))) form.append('scope', htmlUnescape(scope!));
  form.set('decision', choice.deny ? 'cancel' : 'allow');
  return fetch(new URL(htmlUnescape(action), consent), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
}

function htmlUnescape(text: string): string {
  return text
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The requests a host received at this path (after the version, if any). */
export function received(receiver: LocalReceiver, path: string): Received[] {
  return receiver.requests.filter((request) => request.path.replace(/^\/v\d+\.\d+(?=\/)/, '') === path);
}
