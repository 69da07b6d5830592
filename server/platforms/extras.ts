import type { ActingAccount } from './actions';
import type { ConnectorEnv, Credentials } from './connector';

/*
 * Platform calls the published client has beside editing and lookups (issue 25): Instagram's audio
 * library for Reels, Facebook's token inspection, LinkedIn reshares. Each is absent where the
 * platform has no such API; the routes answer a clear 400 then.
 */

export type InstagramAudio = {
  audio_id: string;
  audio_type: 'original_sound' | 'music';
  title?: string | null;
  display_artist?: string | null;
  duration_in_ms?: number | null;
  cover_artwork_thumbnail_uri?: string | null;
  cover_artwork_thumbnail_url?: string | null;
  download_url?: string | null;
  ig_username?: string | null;
  profile_picture_url?: string | null;
};

/** What Graph's `debug_token` answers, as the hosted service passes it on. */
export type TokenDebug = {
  type?: 'USER' | 'PAGE';
  application?: string;
  data_access_expires_at?: number;
  is_valid: boolean;
  issued_at?: number;
  scopes: string[];
  granular_scopes: { scope: string; target_ids?: string[] }[];
  error?: { code: number; message: string; subcode?: number };
};

export type LinkedinReshare = { id: string; activity: string | null; permalink: string | null };

type Call<I, O> = (env: ConnectorEnv, credentials: Credentials, account: ActingAccount, input: I) => Promise<O>;

export type ExtrasCapability = {
  instagramAudio?: Call<{ audioType: 'original_sound' | 'music'; searchQuery?: string }, InstagramAudio[]>;
  facebookTokenDebug?: Call<Record<string, never>, TokenDebug>;
  linkedinReshare?: Call<
    { parentPostUrn: string; commentary: string; visibility?: 'CONNECTIONS' | 'PUBLIC' | 'LOGGED_IN' | 'CONTAINER' | null; disableReshare?: boolean | null },
    LinkedinReshare
  >;
};
