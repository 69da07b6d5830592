import { json, type LocalReceiver } from '../../test-kit/local-receiver';
import { type Caller, instagramScope, invalidParameter, lacking, readingRoute, unsupported } from './engagement-rules';
import type { MetaWorld } from './stand-in-world';

/*
 * The Messenger Profile API (https://developers.facebook.com/docs/messenger-platform/reference/messenger-profile-api,
 * its `ice_breakers`, `persistent_menu` and `get_started` references, and Instagram's ice breakers
 * https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/messaging-api/ice-breakers):
 * `GET|POST|DELETE /me/messenger_profile` with a Page token (`platform=instagram` for the Instagram
 * account linked to the Page), or on graph.instagram.com with an Instagram Login token. JSON bodies;
 * `{ "result": "success" }` on success; error 100 for what the reference refuses.
 */
const LIMITS = { iceBreakers: 4, question: 80, payload: 1000, menuItems: 20, menuTitle: 30 } as const;
const PROPERTIES = ['ice_breakers', 'persistent_menu', 'get_started', 'greeting', 'whitelisted_domains'];

type Json = Record<string, unknown>;

function parsed(caller: Caller, name: string): unknown {
  const value = caller.params.get(name);
  if (value === null) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** Both formats Meta accepts: the localized one (`default` locale required) and the older flat list. */
function checkIceBreakers(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0) return 'Param ice_breakers must be a non-empty array';
  const localized = value.every((entry) => entry && typeof entry === 'object' && 'call_to_actions' in entry);
  const groups: unknown[][] = localized ? value.map((entry) => (entry as Json).call_to_actions as unknown[]) : [value];
  if (localized && !value.some((entry) => (entry as Json).locale === 'default')) return 'Param ice_breakers must have a default locale';
  for (const [index, group] of groups.entries()) {
    if (!Array.isArray(group) || group.length === 0) return `Param ice_breakers[${index}][call_to_actions] must be a non-empty array`;
    if (group.length > LIMITS.iceBreakers) return `Param ice_breakers[${index}][call_to_actions] must have at most ${LIMITS.iceBreakers} elements`;
    for (const item of group as Json[]) {
      if (!text(item?.question) || [...item.question].length > LIMITS.question)
        return `Param question must be a string of at most ${LIMITS.question} characters`;
      if (!text(item.payload) || item.payload.length > LIMITS.payload) return `Param payload must be a string of at most ${LIMITS.payload} characters`;
    }
  }
  return null;
}

function checkMenu(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0) return 'Param persistent_menu must be a non-empty array';
  if (!value.some((entry) => (entry as Json)?.locale === 'default')) return 'Param persistent_menu must have a default locale';
  for (const entry of value as Json[]) {
    const actions = entry.call_to_actions;
    if (entry.composer_input_disabled === true && (!Array.isArray(actions) || actions.length === 0)) {
      return 'A persistent menu with composer_input_disabled needs call_to_actions';
    }
    if (!Array.isArray(actions)) return 'Param call_to_actions must be an array';
    if (actions.length > LIMITS.menuItems) return `Param call_to_actions must have at most ${LIMITS.menuItems} elements`;
    for (const action of actions as Json[]) {
      if (!text(action?.title) || [...action.title].length > LIMITS.menuTitle) return `Param title must be a string of at most ${LIMITS.menuTitle} characters`;
      if (action.type === 'postback') {
        if (!text(action.payload) || action.payload.length > LIMITS.payload) return `Param payload must be a string of at most ${LIMITS.payload} characters`;
      } else if (action.type === 'web_url') {
        if (!text(action.url) || !/^https?:\/\//.test(action.url)) return 'Param url must be a valid URL';
      } else return 'Param type must be one of postback, web_url, nested';
    }
  }
  return null;
}

export function messengerProfileRoutes(hosts: { facebook: LocalReceiver; instagram: LocalReceiver }, world: MetaWorld, version: string) {
  const { engagement } = world;

  /** Whose profile the call is about, or Meta's refusal: a Page's (Messenger) or an Instagram account's. */
  function profileOf(caller: Caller): { key: string; permission: string } | Response {
    const instagramHost = caller.token.product === 'instagram';
    const platform = caller.params.get('platform');
    if (platform !== null && platform !== 'instagram' && platform !== 'messenger') return invalidParameter('platform must be one of messenger, instagram');
    if (!caller.selves.includes(caller.id)) return unsupported(caller.id);
    if (instagramHost) return { key: `instagram:${caller.id}`, permission: instagramScope(caller, 'messages') };
    if (platform === 'instagram') {
      const linked = caller.selves[1];
      if (!linked) return invalidParameter('This Page has no linked Instagram professional account');
      return { key: `instagram:${linked}`, permission: instagramScope(caller, 'messages') };
    }
    return { key: `messenger:${caller.selves[0]}`, permission: 'pages_messaging' };
  }

  for (const [product, host] of [
    ['facebook', hosts.facebook],
    ['instagram', hosts.instagram],
  ] as const) {
    readingRoute(host, world, product, version, 'GET /:id/messenger_profile', (caller) => {
      const target = profileOf(caller);
      if (target instanceof Response) return target;
      const denied = lacking(caller, [target.permission]);
      if (denied) return denied;
      const fields = (caller.params.get('fields') ?? '').split(',').filter(Boolean);
      if (fields.length === 0) return invalidParameter('The parameter fields is required');
      const stored = engagement.messengerProfiles.get(target.key) ?? {};
      const present = Object.fromEntries(fields.filter((field) => field in stored).map((field) => [field, stored[field]]));
      return json({ data: Object.keys(present).length ? [present] : [] });
    });

    readingRoute(host, world, product, version, 'POST /:id/messenger_profile', (caller) => {
      const target = profileOf(caller);
      if (target instanceof Response) return target;
      const denied = lacking(caller, [target.permission]);
      if (denied) return denied;
      const instagram = target.key.startsWith('instagram:');
      const changes: Json = {};
      for (const property of PROPERTIES) {
        const value = parsed(caller, property);
        if (value !== undefined) changes[property] = value;
      }
      if (Object.keys(changes).length === 0) return invalidParameter('At least one profile property must be set');
      if (instagram && Object.keys(changes).some((property) => property !== 'ice_breakers')) {
        return invalidParameter('Only ice_breakers can be set on an Instagram messenger profile');
      }
      const problem =
        (changes.ice_breakers !== undefined ? checkIceBreakers(changes.ice_breakers) : null) ??
        (changes.persistent_menu !== undefined ? checkMenu(changes.persistent_menu) : null) ??
        (changes.get_started !== undefined && !text((changes.get_started as Json | null)?.payload) ? 'Param get_started[payload] is required' : null);
      if (problem) return invalidParameter(problem);
      const stored = engagement.messengerProfiles.get(target.key) ?? {};
      if (changes.persistent_menu !== undefined && !changes.get_started && !stored.get_started) {
        return invalidParameter('You must set a Get Started button if you also wish to use persistent menu.');
      }
      engagement.messengerProfiles.set(target.key, { ...stored, ...changes });
      return json({ result: 'success' });
    });

    readingRoute(host, world, product, version, 'DELETE /:id/messenger_profile', (caller) => {
      const target = profileOf(caller);
      if (target instanceof Response) return target;
      const denied = lacking(caller, [target.permission]);
      if (denied) return denied;
      const fields = parsed(caller, 'fields');
      if (!Array.isArray(fields) || fields.length === 0) return invalidParameter('Param fields must be a non-empty array');
      const unknown = fields.find((field) => !PROPERTIES.includes(String(field)));
      if (unknown !== undefined) return invalidParameter(`Param fields[${fields.indexOf(unknown)}] must be one of ${PROPERTIES.join(', ')}`);
      const stored = { ...(engagement.messengerProfiles.get(target.key) ?? {}) };
      for (const field of fields) delete stored[String(field)];
      // The persistent menu needs the Get Started button: removing the button removes the menu.
      if (fields.includes('get_started')) delete stored.persistent_menu;
      engagement.messengerProfiles.set(target.key, stored);
      return json({ result: 'success' });
    });
  }
}
