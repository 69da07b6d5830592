import { json, type LocalReceiver } from '../../test-kit/local-receiver';
import { authenticate, fieldsOf, graphError, paramsOf, pick } from './graph-rules';
import type { MetaWorld, StandInToken } from './stand-in-world';
import type { StandInConversation } from './messaging-world';

/**
 * The User Profile APIs (decision 078), as Meta documents them:
 * - Messenger (https://developers.facebook.com/docs/messenger-platform/identity/user-profile):
 *   `GET /{psid}?fields=first_name,last_name,profile_pic` on graph.facebook.com with the token of
 *   the Page the person wrote to (`pages_messaging`); a PSID of another Page is not visible;
 * - Instagram messaging (https://developers.facebook.com/docs/messenger-platform/instagram/features/user-profile):
 *   `GET /{igsid}?fields=name,username,profile_pic,…` with the linked Page's token
 *   (`instagram_manage_messages`), or on graph.instagram.com with the Instagram Login account's
 *   token (`instagram_business_manage_messages`). Consent comes only from the person writing to the
 *   account: before that Meta answers code 230, "User consent is required to access user profile".
 * The people are those of the messaging world (who wrote or commented); any other id is left to
 * the other routes on `/{object-id}`.
 */
const FIELDS = {
  messenger: new Set(['id', 'name', 'first_name', 'last_name', 'profile_pic', 'locale', 'timezone', 'gender']),
  instagram: new Set(['id', 'name', 'username', 'profile_pic', 'follower_count', 'is_user_follow_business', 'is_business_follow_user', 'is_verified_user']),
};

type Network = 'messenger' | 'instagram';

/** The picture URL the stand-in's people have: Meta's CDN, expiring (`oe=`), as the API answers it. */
export const profilePicOf = (personId: string) => `https://scontent.example/v/t51/${personId}.jpg?oe=6A1B2C3D`;

export function profileRoutes(hosts: { facebook: LocalReceiver; instagram: LocalReceiver }, world: MetaWorld, version: string): void {
  for (const host of ['facebook', 'instagram'] as const) {
    hosts[host].on(`GET /${version}/:node`, async (received) => {
      const personId = received.path.split('/')[2]!;
      const known =
        world.messaging.conversations.some((thread) => thread.person.id === personId) ||
        world.messaging.comments.some((comment) => comment.from.id === personId);
      if (!known) return null;
      const fault = world.takeFault(host);
      if (fault) return json(fault.body, fault.status, fault.headers);
      const params = await paramsOf(received);
      const token = authenticate(world, host, params, received);
      if (token instanceof Response) return token;
      return answer(world, host, token, personId, params);
    });
  }
}

function answer(world: MetaWorld, host: 'facebook' | 'instagram', token: StandInToken, personId: string, params: URLSearchParams) {
  const accounts = accountsOf(world, host, token);
  const thread = world.messaging.conversations.find(
    (candidate) => candidate.person.id === personId && accounts.some((account) => account.id === candidate.account),
  );
  const network = thread ? accounts.find((account) => account.id === thread.account)!.network : null;
  // Scoped ids: a person is visible only to the account they are scoped to (a commenter of another account is not).
  if (!thread || !network) return unsupported(personId);
  const scope = host === 'instagram' ? 'instagram_business_manage_messages' : network === 'messenger' ? 'pages_messaging' : 'instagram_manage_messages';
  if (!token.scopes.includes(scope))
    return graphError({ message: `(#200) Requires ${scope} permission to access this profile`, type: 'OAuthException', code: 200 });
  if (!thread.messages.some((message) => message.from === personId)) {
    return network === 'instagram'
      ? graphError({ message: 'User consent is required to access user profile', type: 'OAuthException', code: 230 })
      : unsupported(personId);
  }
  const fields = fieldsOf(params, network === 'messenger' ? ['first_name', 'last_name', 'profile_pic'] : ['name', 'username', 'profile_pic']);
  const unknown = fields.find((field) => !FIELDS[network].has(field));
  if (unknown) {
    return graphError({
      message: `(#100) Tried accessing nonexisting field (${unknown}) on node type (${network === 'messenger' ? 'User' : 'IGUser'})`,
      type: 'OAuthException',
      code: 100,
    });
  }
  return json(pick(profileOf(thread.person, network), fields));
}

function profileOf(person: StandInConversation['person'], network: Network): Record<string, unknown> {
  const [first, ...rest] = person.name.split(' ');
  return network === 'messenger'
    ? { id: person.id, name: person.name, first_name: first ?? '', last_name: rest.join(' '), profile_pic: profilePicOf(person.id), locale: 'en_US' }
    : {
        id: person.id,
        name: person.name || null,
        username: person.username,
        profile_pic: profilePicOf(person.id),
        follower_count: 42,
        is_user_follow_business: true,
        is_business_follow_user: false,
        is_verified_user: false,
      };
}

/** The accounts a token may read people of: the Page and its Instagram account, or the Instagram Login account. */
function accountsOf(world: MetaWorld, host: 'facebook' | 'instagram', token: StandInToken): { id: string; network: Network }[] {
  if (host === 'instagram') return [{ id: token.subject, network: 'instagram' }];
  if (token.kind !== 'page') return [];
  const page = world.pages.find((candidate) => candidate.id === token.subject);
  if (!page) return [];
  return [{ id: page.id, network: 'messenger' }, ...(page.instagram ? [{ id: page.instagram.id, network: 'instagram' as const }] : [])];
}

const unsupported = (id: string) =>
  graphError({
    message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });
