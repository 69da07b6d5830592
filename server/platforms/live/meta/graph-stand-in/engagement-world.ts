import { randomInt } from 'node:crypto';

/**
 * What the stand-in keeps of an account's published life, for the reading slice (decision 076):
 * the media and posts each owner (an Instagram account, a Page, a Threads profile) has published,
 * the comments and replies under them, the numbers Meta's insights answer, the Messenger profile
 * each Page or Instagram account shows in its DM screen, and a Page's recommendations. Tests seed
 * it with `publish`, `comment`, `rate`; the routes (`engagement-routes.ts`) read and change it as
 * Meta documents. It is keyed by Meta's ids only, so items published through any route (another
 * slice's publishing) can be commented on and measured the same way.
 */
export type StandInMedia = {
  id: string;
  /** The Instagram account, Page or Threads profile that published it. */
  ownerId: string;
  product: 'instagram' | 'facebook' | 'threads';
  /** Instagram `IMAGE`/`VIDEO`/`CAROUSEL_ALBUM`; Threads `TEXT_POST`/`IMAGE`/`VIDEO`/`CAROUSEL_ALBUM`/`REPOST_FACADE`; Facebook `status`/`photo`/`video`/`album`. */
  mediaType: string;
  /** Instagram `FEED`/`REELS`/`STORY`; Threads `THREADS`; Facebook `POST`/`STORY`. */
  productType: string;
  text: string | null;
  mediaUrl: string | null;
  thumbnailUrl: string | null;
  /** Instagram reels: whether the reel also shows on the profile grid. */
  sharedToFeed: boolean;
  children: { id: string; mediaType: string; mediaUrl: string }[];
  timestamp: number;
  likeCount: number;
  shares: number;
  /** The insights of the item, by Meta's metric name (lifetime values). */
  insights: Record<string, number>;
};

export type StandInComment = {
  id: string;
  /** The media or post it is under. */
  objectId: string;
  parentId: string | null;
  fromId: string;
  fromName: string;
  text: string;
  timestamp: number;
  likeCount: number;
  hidden: boolean;
  /** The Page liked it (Facebook). */
  likedByPage: boolean;
};

export type StandInRating = {
  openGraphStoryId: string;
  pageId: string;
  reviewer: { id: string; name: string };
  recommendationType: 'positive' | 'negative';
  reviewText: string | null;
  createdTime: number;
};

/** What a Page or Instagram account shows in its DM screen (`messenger_profile`), as Meta stores it. */
export type MessengerProfile = Record<string, unknown>;

export class EngagementWorld {
  readonly media = new Map<string, StandInMedia>();
  readonly comments = new Map<string, StandInComment>();
  /** Keyed by `platform:id` (`instagram:<ig id>`, `messenger:<page id>`). */
  readonly messengerProfiles = new Map<string, MessengerProfile>();
  readonly ratings: StandInRating[] = [];
  /** Account-level insights and fields by owner id (followers, daily views...). */
  readonly accounts = new Map<string, { fields: Record<string, number>; insights: Record<string, number> }>();
  /** Items per page of the listing edges, whatever `limit` asks (Meta may answer fewer): small, so paging is exercised. */
  pageSize = 3;

  constructor(private readonly now: () => number) {}

  nextId(prefix = ''): string {
    return `${prefix}${Date.now()}${randomInt(100_000, 999_999)}`;
  }

  /** Something the owner published, `ageSeconds` ago on the stand-in's clock. */
  publish(input: Partial<StandInMedia> & Pick<StandInMedia, 'ownerId' | 'product'> & { ageSeconds?: number }): StandInMedia {
    const { ageSeconds = 0, ...rest } = input;
    const defaults: Record<StandInMedia['product'], Pick<StandInMedia, 'mediaType' | 'productType'>> = {
      instagram: { mediaType: 'IMAGE', productType: 'FEED' },
      facebook: { mediaType: 'status', productType: 'POST' },
      threads: { mediaType: 'TEXT_POST', productType: 'THREADS' },
    };
    const id = rest.id ?? (input.product === 'facebook' ? `${input.ownerId}_${this.nextId()}` : this.nextId('179'));
    const media: StandInMedia = {
      ...defaults[input.product],
      text: null,
      mediaUrl: null,
      thumbnailUrl: null,
      sharedToFeed: true,
      children: [],
      timestamp: this.now() - ageSeconds * 1000,
      likeCount: 0,
      shares: 0,
      insights: {},
      ...rest,
      id,
    };
    this.media.set(id, media);
    return media;
  }

  comment(input: Pick<StandInComment, 'objectId' | 'fromId' | 'fromName' | 'text'> & Partial<StandInComment> & { ageSeconds?: number }): StandInComment {
    const { ageSeconds = 0, ...rest } = input;
    const media = this.media.get(input.objectId);
    const id = rest.id ?? (media?.product === 'facebook' ? `${media.id.split('_')[1] ?? media.id}_${this.nextId()}` : this.nextId('178'));
    const comment: StandInComment = { parentId: null, timestamp: this.now() - ageSeconds * 1000, likeCount: 0, hidden: false, likedByPage: false, ...rest, id };
    this.comments.set(id, comment);
    return comment;
  }

  /** The comments under an object, oldest first; `topLevel` leaves out replies. */
  commentsOf(objectId: string, topLevel = false): StandInComment[] {
    return [...this.comments.values()]
      .filter((comment) => comment.objectId === objectId && (!topLevel || comment.parentId === null))
      .sort((a, b) => a.timestamp - b.timestamp || a.id.localeCompare(b.id));
  }

  repliesOf(commentId: string): StandInComment[] {
    return [...this.comments.values()].filter((comment) => comment.parentId === commentId).sort((a, b) => a.timestamp - b.timestamp);
  }

  /** Deleting a comment takes its replies with it, as on Facebook and Instagram. */
  deleteComment(id: string): void {
    for (const reply of this.repliesOf(id)) this.deleteComment(reply.id);
    this.comments.delete(id);
  }

  rate(input: Omit<StandInRating, 'openGraphStoryId' | 'createdTime'> & { ageSeconds?: number }): StandInRating {
    const { ageSeconds = 0, ...rest } = input;
    const rating: StandInRating = { ...rest, openGraphStoryId: `${input.pageId}_${this.nextId()}`, createdTime: this.now() - ageSeconds * 1000 };
    this.ratings.push(rating);
    return rating;
  }

  account(ownerId: string) {
    let account = this.accounts.get(ownerId);
    if (!account) {
      account = { fields: {}, insights: {} };
      this.accounts.set(ownerId, account);
    }
    return account;
  }
}
