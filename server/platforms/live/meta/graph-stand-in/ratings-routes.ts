import type { LocalReceiver } from '../../test-kit/local-receiver';
import { iso, lacking, paged, readingRoute, unsupported } from './engagement-rules';
import { graphError } from './graph-rules';
import type { MetaWorld } from './stand-in-world';

/** The last Graph API version that serves Page recommendations. */
const LAST_VERSION_WITH_RATINGS = 21;

/**
 * `GET /{page-id}/ratings` (https://developers.facebook.com/docs/graph-api/reference/page/ratings),
 * with a Page token and `pages_read_user_content`. Meta's Recommendation reference says the node is
 * deprecated for v22.0 and later: "attempting to query an edge or field that returns a
 * recommendation using v22.0 or later will return error code 12". The stand-in answers so for those
 * versions, and serves the recommendations it keeps for older ones.
 */
export function ratingsRoutes(facebook: LocalReceiver, world: MetaWorld, version: string) {
  readingRoute(facebook, world, 'facebook', version, 'GET /:id/ratings', (caller) => {
    if (!caller.selves.includes(caller.id) || !world.pages.some((page) => page.id === caller.id)) return unsupported(caller.id);
    const denied = lacking(caller, ['pages_read_user_content']);
    if (denied) return denied;
    if (Number(version.replace(/^v/, '').split('.')[0]) > LAST_VERSION_WITH_RATINGS) {
      return graphError({ message: `(#12) ratings is deprecated for versions v22.0 and higher`, type: 'OAuthException', code: 12 });
    }
    const ratings = world.engagement.ratings
      .filter((rating) => rating.pageId === caller.id)
      .sort((a, b) => b.createdTime - a.createdTime)
      .map((rating) => ({
        created_time: iso(rating.createdTime),
        recommendation_type: rating.recommendationType,
        review_text: rating.reviewText ?? undefined,
        reviewer: rating.reviewer,
        open_graph_story: { id: rating.openGraphStoryId },
        has_rating: false,
        has_review: rating.reviewText !== null,
      }));
    return paged(ratings, caller, `${facebook.url}/${version}/${caller.id}/ratings`);
  });
}
