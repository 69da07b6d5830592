import type { Credentials, ParticipantProfile } from '../../../connector';
import { PlatformError } from '../../../platform-error';
import { messagingActor, type messagingHosts, type Network } from './messaging-actor';

/**
 * Meta's User Profile APIs (decision 078): messaging webhooks name the person by their Page-scoped
 * (PSID) or Instagram-scoped (IGSID) id only, so the inbox asks who they are once per thread.
 * - Messenger: `GET /{psid}?fields=first_name,last_name,profile_pic` with the Page token
 *   (https://developers.facebook.com/docs/messenger-platform/identity/user-profile);
 * - Instagram through Facebook Login: `GET /{igsid}?fields=name,username,profile_pic` with the
 *   linked Page's token on graph.facebook.com (Instagram messaging, User Profile API);
 * - Instagram Login: the same fields on graph.instagram.com with the account's token.
 * `profile_pic` URLs expire after a few days: the inbox keeps the one it got, as it keeps names.
 */
type MessengerProfile = { first_name?: string | null; last_name?: string | null; profile_pic?: string | null };
type InstagramProfile = { name?: string | null; username?: string | null; profile_pic?: string | null };

const FIELDS: Record<Network, string> = { FACEBOOK: 'first_name,last_name,profile_pic', INSTAGRAM: 'name,username,profile_pic' };

/** A person's id as Meta gives it: digits only, so it cannot name another path. */
const PERSON_ID = /^\d{1,32}$/;

export function metaProfiles(hosts: ReturnType<typeof messagingHosts>, platform: Network) {
  return async function profileOf(credentials: Credentials, personId: string): Promise<ParticipantProfile> {
    const operation = 'messaging.profile';
    if (!PERSON_ID.test(personId)) {
      throw new PlatformError({
        code: 'INVALID_REQUEST',
        message: `${operation}: ${JSON.stringify(personId)} is not a Meta person id`,
        httpStatus: 400,
        userFacingMessage: 'This conversation’s participant id is not one Meta gave; their profile cannot be looked up.',
        meta: { platform, operation },
      });
    }
    const actor = messagingActor(hosts, platform, credentials, operation);
    let answer: MessengerProfile & InstagramProfile;
    try {
      answer = await actor.graph.call({ operation, path: `/${personId}`, token: actor.token, query: { fields: FIELDS[platform] } });
    } catch (error) {
      throw profileError(error);
    }
    if (platform === 'FACEBOOK') {
      const name = [answer.first_name, answer.last_name].filter((part): part is string => !!part?.trim()).join(' ');
      return { displayName: name || null, username: null, avatarUrl: answer.profile_pic ?? null };
    }
    return { displayName: answer.name?.trim() || null, username: answer.username?.trim() || null, avatarUrl: answer.profile_pic ?? null };
  };
}

/**
 * The User Profile API's refusals in plain words. Code 230 is its documented "User consent is
 * required to access user profile" (the person commented but never wrote, clicked an ice breaker
 * or the menu), which `metaError` would read as a missing permission; (#100) subcode 33 is a person
 * the token cannot see (blocked the account, deleted theirs, or an id of another Page or account).
 */
function profileError(error: unknown): unknown {
  if (!(error instanceof PlatformError)) return error;
  const { metaCode, metaSubcode } = error.meta;
  const text =
    metaCode === 230
      ? 'Meta shares a person’s profile only after they write to the account; their id is shown meanwhile.'
      : metaCode === 100 && metaSubcode === 33
        ? 'Meta does not show this person’s profile to the account (they may have blocked it); their id is shown instead.'
        : null;
  if (!text) return error;
  return new PlatformError({ code: 'NOT_FOUND', message: error.message, httpStatus: error.httpStatus, userFacingMessage: text, meta: error.meta });
}
