import { randomBytes } from 'node:crypto';
import { EngagementWorld } from './engagement-world';
import { PublishingWorld } from './publishing-world';
import { MessagingWorld } from './messaging-world';

/**
 * What the Meta stand-in knows: the apps, the people who log in and what they manage, the codes
 * and tokens it issued, its own clock, and the faults a test arms. It imports nothing from the
 * connectors: the stand-in is written from Meta's documentation, and a shared helper would make
 * a wrong reading agree with itself.
 */
export type Product = 'facebook' | 'instagram' | 'threads';

export type StandInApp = { id: string; secret: string };

export type StandInPage = {
  id: string;
  name: string;
  username: string;
  /** What the person may do on the Page (Graph `tasks`). */
  tasks: string[];
  instagram?: { id: string; username: string; name: string; pictureUrl: string };
};

export type StandInToken = {
  value: string;
  product: Product;
  kind: 'short' | 'long' | 'page';
  /** The person (or account) it was issued to. */
  subject: string;
  scopes: string[];
  /** The Pages the person shared at consent (user tokens), or the Page a Page token acts as. */
  pages: string[];
  issuedAt: number;
  expiresAt: number | null;
  /** Set by `revoke`: the subcode of code 190 its calls answer. */
  revokedSubcode: number | null;
};

export type StandInCode = {
  value: string;
  product: Product;
  clientId: string;
  redirectUri: string;
  subject: string;
  scopes: string[];
  pages: string[];
  issuedAt: number;
  used: boolean;
};

export type Fault = { status: number; body: unknown; headers?: Record<string, string> };

const HOUR = 3600;
/** The documented lifetime of long-lived user tokens: about 60 days (`expires_in: 5183944`). */
export const LONG_LIVED_SECONDS = 5_183_944;
/** Authorization codes are good for ten minutes. */
const CODE_SECONDS = 600;

export class MetaWorld {
  readonly apps: Record<Product, StandInApp>;
  readonly redirectUris: Set<string>;
  /** The Facebook person who logs in, and every Page they manage. */
  person = { id: '10158000000000001', name: 'Ada Lovelace', pictureUrl: 'https://scontent.example/ada.jpg' };
  pages: StandInPage[] = [
    {
      id: '104000000000001',
      name: 'Lovelace Bakery',
      username: 'lovelacebakery',
      tasks: ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'],
      instagram: { id: '17841400000000001', username: 'lovelace.bakery', name: 'Lovelace Bakery', pictureUrl: 'https://scontent.example/bakery-ig.jpg' },
    },
    { id: '104000000000002', name: 'Lovelace Events', username: 'lovelaceevents', tasks: ['ANALYZE', 'CREATE_CONTENT', 'MODERATE'] },
    // Shared at consent but only to analyse: nothing may be published there.
    { id: '104000000000003', name: 'Analytical Engines Fan Club', username: 'enginesfans', tasks: ['ANALYZE'] },
    {
      id: '104000000000004',
      name: 'Lovelace Studio',
      username: 'lovelacestudio',
      tasks: ['CREATE_CONTENT', 'MODERATE'],
      instagram: { id: '17841400000000004', username: 'lovelace.studio', name: 'Lovelace Studio', pictureUrl: 'https://scontent.example/studio-ig.jpg' },
    },
  ];
  /** Instagram professional accounts that log in with Instagram Login; `loginAs.instagram` picks one. */
  instagramAccounts = [
    {
      userId: '17841405551230001',
      appScopedId: '7001230001',
      username: 'ada.codes',
      name: 'Ada Codes',
      pictureUrl: 'https://scontent.example/ada-ig.jpg',
      accountType: 'BUSINESS',
    },
    {
      userId: '17841405559990002',
      appScopedId: '7009990002',
      username: 'someone.else',
      name: 'Someone Else',
      pictureUrl: 'https://scontent.example/other-ig.jpg',
      accountType: 'MEDIA_CREATOR',
    },
  ];
  threadsProfiles = [
    {
      id: '26100000000000001',
      username: 'ada.threads',
      name: 'Ada on Threads',
      pictureUrl: 'https://scontent.example/ada-th.jpg',
      biography: 'Poetical science',
    },
  ];
  loginAs: Record<Product, string> = { facebook: '10158000000000001', instagram: '17841405551230001', threads: '26100000000000001' };
  /** `expires_in` of the long-lived tokens it issues, per product (a test shortens it to make a token due). */
  longLivedSeconds: Record<Product, number> = { facebook: LONG_LIVED_SECONDS, instagram: LONG_LIVED_SECONDS, threads: LONG_LIVED_SECONDS };
  /** Items per page of `/me/accounts`, whatever `limit` asks (Meta may answer fewer): small, so paging is exercised. */
  pageSize = 2;
  /** What the accounts published, its comments, insights, Messenger profiles and recommendations (the reading slice, decision 076). */
  readonly engagement = new EngagementWorld(() => this.now());
  /** Containers, Page photos, posts and videos on their way to being published (the publishing slice, decision 074). */
  readonly publishing = new PublishingWorld(() => this.now());
  /** Webhook subscriptions, conversations and the comments people write, for the inbound and messaging slice (decision 075). */
  readonly messaging = new MessagingWorld(() => this.now());
  /** Every authorization page shown: which product, with which query. */
  readonly authorizations: { product: Product; query: URLSearchParams }[] = [];
  private readonly tokens = new Map<string, StandInToken>();
  private readonly codes = new Map<string, StandInCode>();
  private readonly faults: Record<Product, Fault[]> = { facebook: [], instagram: [], threads: [] };
  private offsetMs = 0;

  constructor(options: { apps: Record<Product, StandInApp>; redirectUris: string[] }) {
    this.apps = options.apps;
    this.redirectUris = new Set(options.redirectUris);
  }

  /** The stand-in's clock: the real one, moved on by `advance` (a token's age and expiry are read on it). */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }

  issueCode(input: Omit<StandInCode, 'value' | 'issuedAt' | 'used'>): string {
    const value = `AQ${randomBytes(24).toString('base64url')}`;
    this.codes.set(value, { ...input, value, issuedAt: this.now(), used: false });
    return value;
  }

  /** A code's record, whatever its state: the token endpoints say why it cannot be used. */
  code(value: string): (StandInCode & { expired: boolean }) | null {
    const code = this.codes.get(value);
    return code ? { ...code, expired: this.now() - code.issuedAt > CODE_SECONDS * 1000 } : null;
  }

  useCode(value: string): void {
    const code = this.codes.get(value);
    if (code) code.used = true;
  }

  issueToken(input: Pick<StandInToken, 'product' | 'kind' | 'subject' | 'scopes' | 'pages'>): StandInToken {
    const prefix = { facebook: 'EAAB', instagram: 'IGAA', threads: 'THAA' }[input.product];
    const lifetime = input.kind === 'page' ? null : input.kind === 'short' ? HOUR : this.longLivedSeconds[input.product];
    const token: StandInToken = {
      ...input,
      value: `${prefix}${randomBytes(32).toString('base64url')}`,
      issuedAt: this.now(),
      expiresAt: lifetime === null ? null : this.now() + lifetime * 1000,
      revokedSubcode: null,
    };
    this.tokens.set(token.value, token);
    return token;
  }

  token(value: string): StandInToken | undefined {
    return this.tokens.get(value);
  }

  /** The tokens issued so far, oldest first (tests look for the one a call used). */
  issued(filter: Partial<Pick<StandInToken, 'product' | 'kind' | 'subject'>> & { page?: string } = {}): StandInToken[] {
    return [...this.tokens.values()].filter(
      (token) =>
        (!filter.product || token.product === filter.product) &&
        (!filter.kind || token.kind === filter.kind) &&
        (!filter.subject || token.subject === filter.subject) &&
        (!filter.page || token.pages.includes(filter.page)),
    );
  }

  /** The person removed the app (458), changed their password (460), or Meta invalidated the session (467): every token of the product stops working. */
  revoke(product: Product, subcode: 458 | 460 | 467 = 460): void {
    for (const token of this.tokens.values()) if (token.product === product) token.revokedSubcode = subcode;
  }

  /** Every token of the product ends now (190 with subcode 463 from then on). */
  expire(product: Product): void {
    for (const token of this.tokens.values()) if (token.product === product && token.expiresAt !== null) token.expiresAt = this.now();
  }

  /** The next Graph call of the product answers this instead (a rate limit with its headers, an outage). */
  failNext(product: Product, fault: Fault): void {
    this.faults[product].push(fault);
  }

  takeFault(product: Product): Fault | undefined {
    return this.faults[product].shift();
  }
}
