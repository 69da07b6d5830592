import type { ConnectorEnv, Credentials } from './connector';
import type { TikTokCmlDateRange, TikTokCmlGenre, TikTokCreatorInfo, TikTokTrack } from './tiktok-lookups';
import type { ExtrasCapability } from './extras';

/*
 * Acting on what is already on the platform: edit and delete published posts and comments, and
 * the lookups a composer needs (categories, flairs, locations, mentionable people and pages).
 * Each member is null where the platform has no such API; the routes answer a clear 400 then.
 */

/** The account the call acts as: its id on the platform and its selected page or channel. */
export type ActingAccount = { externalId: string | null; selectedChannelId: string | null };

/** Fields an edit may change; each platform reads the ones it has and refuses the rest. */
export type PostEdit = {
  text?: string;
  title?: string;
  tags?: string[];
  categoryId?: string;
  privacyStatus?: 'public' | 'unlisted' | 'private';
  spoilerText?: string;
};

export type EditResult = { permalink: string | null };

export type YoutubeCategory = { id: string; title: string; assignable: boolean };
export type YoutubeRegion = { gl: string; name: string };
export type SubredditFlair = {
  id: string;
  text: string;
  cssClass: string;
  textColor: string;
  backgroundColor: string;
  modOnly: boolean;
  allowableContent: string;
  maxEmojis: number;
};
export type InstagramLocation = {
  locationId: string;
  name: string;
  link: string | null;
  location: {
    city: string | null;
    country: string | null;
    latitude: number | null;
    longitude: number | null;
    state: string | null;
    street: string | null;
    zip: string | null;
  };
};
export type InstagramBusiness = {
  id: string;
  username: string;
  followers_count: number;
  media_count: number;
  profile_picture_url?: string;
  biography?: string;
  name?: string;
};
export type LinkedinMentions = {
  people: { kind: 'person'; urn: string; display: string; headline?: string; photoUrl?: string }[];
  organizations: { kind: 'organization'; urn: string; display: string; vanityName?: string; logoUrl?: string }[];
};
export type FacebookPage = { id: string; name: string; username: string | null; link: string; avatarUrl: string | null; mentionTag: string };

type Call<I, O> = (env: ConnectorEnv, credentials: Credentials, account: ActingAccount, input: I) => Promise<O>;

export type ActionsCapability = {
  /** Instagram audio, Facebook token inspection, LinkedIn reshares (`./extras`); absent where the platform has none. */
  extras?: ExtrasCapability;
  /** `externalData` is what publishing answered: Slack and Discord find the message's channel there. */
  editPost: Call<{ externalId: string; externalData?: Record<string, string>; edit: PostEdit }, EditResult> | null;
  deletePost: Call<{ externalId: string; externalData?: Record<string, string> }, void> | null;
  editComment: Call<{ externalId: string; text: string; spoilerText?: string }, EditResult> | null;
  deleteComment: Call<{ externalId: string }, void> | null;
  lookups: {
    youtubeCategories?: Call<{ regionCode: string }, YoutubeCategory[]>;
    youtubeRegions?: Call<Record<string, never>, YoutubeRegion[]>;
    subredditFlairs?: Call<{ subreddit: string }, SubredditFlair[]>;
    subredditRequirements?: Call<{ subreddit: string }, { isFlairRequired: boolean; isFlairEnabled: boolean }>;
    instagramLocations?: Call<{ q: string; limit: number }, InstagramLocation[]>;
    instagramBusiness?: Call<{ username: string }, InstagramBusiness | null>;
    linkedinMentions?: Call<{ q: string; scope: 'people' | 'organizations' | 'all' }, LinkedinMentions>;
    facebookPages?: Call<{ q: string; limit: number }, FacebookPage[]>;
    /** TikTok's `creator_info/query` for the composer, and the Commercial Music Library's trending tracks (decision 092). */
    tiktokCreatorInfo?: Call<Record<string, never>, TikTokCreatorInfo>;
    tiktokTrendingMusic?: Call<{ genre: TikTokCmlGenre; dateRange: TikTokCmlDateRange }, TikTokTrack[]>;
  };
};
