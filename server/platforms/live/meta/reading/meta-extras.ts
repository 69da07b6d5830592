import type { ExtrasCapability, InstagramAudio, TokenDebug } from '../../../extras';
import { PlatformError } from '../../../platform-error';
import type { MetaConfig } from '../meta-config';
import { metaTokenKind, readMetaToken } from '../meta-credentials';
import { metaActing, metaGraphs } from './meta-acting';

type DebugData = TokenDebug & { app_id?: string; user_id?: string; expires_at?: number };

/**
 * Instagram's audio library (`GET /ig_audio`, Facebook Login only, with the person's User token
 * and the Instagram account as `user_id`) and Facebook's token inspection (`GET /debug_token` with
 * the app token, describing the User token the account holds). Decision 088.
 */
export function metaExtras(config: MetaConfig, platform: 'FACEBOOK' | 'INSTAGRAM'): ExtrasCapability {
  const graph = metaGraphs(config, platform).facebook;
  const acting = metaActing(config, platform);

  if (platform === 'INSTAGRAM') {
    return {
      async instagramAudio(_env, credentials, account, input) {
        const operation = 'extras.instagramAudio';
        const meta = { platform, operation };
        if (metaTokenKind(credentials) !== 'facebook') {
          throw new PlatformError({
            code: 'INVALID_REQUEST',
            message: 'Instagram audio is available only for Instagram accounts connected through Facebook Login',
            httpStatus: 400,
            meta,
          });
        }
        const who = await acting(credentials, account, operation);
        const { user } = readMetaToken(credentials, 'facebook', meta);
        const answer = await graph.call<{ data?: InstagramAudio[] }>({
          operation,
          path: '/ig_audio',
          token: user,
          query: { audio_type: input.audioType, user_id: who.nodeId, search_query: input.searchQuery },
        });
        return answer.data ?? [];
      },
    };
  }

  return {
    async facebookTokenDebug(_env, credentials) {
      const operation = 'extras.facebookTokenDebug';
      const { user } = readMetaToken(credentials, 'facebook', { platform, operation });
      // The app token authenticates the question; it carries the secret itself, so no appsecret_proof.
      const answer = await graph.call<{ data: DebugData }>({
        operation,
        path: '/debug_token',
        query: { input_token: user, access_token: `${config.facebook.app.id}|${config.facebook.app.secret}` },
      });
      const data = answer.data;
      return {
        ...(data.type === 'USER' || data.type === 'PAGE' ? { type: data.type } : {}),
        ...(data.application ? { application: data.application } : {}),
        ...(data.data_access_expires_at ? { data_access_expires_at: data.data_access_expires_at } : {}),
        is_valid: data.is_valid === true,
        ...(data.issued_at ? { issued_at: data.issued_at } : {}),
        scopes: data.scopes ?? [],
        granular_scopes: data.granular_scopes ?? [],
        ...(data.error ? { error: data.error } : {}),
      };
    },
  };
}
