/**
 * What the composer calls each platform option, in people's words: a label, a one-line help, the
 * words for an enum's values, and whether the option is common enough to show before "More options".
 * One table, keyed `PLATFORM.option` (`PLATFORM.option.part` inside a group or list item; `*.part`
 * for a part every platform names the same), so the copy is written and reviewed in one place.
 * The API's schema still decides which options exist and what they accept (`option-fields.ts`).
 */
export type OptionCopy = {
  label: string;
  help?: string;
  /** Shown without opening "More options". Required options always are. */
  common?: boolean;
  /** Words for the enum's (or the list's) values, in the order of the schema. */
  values?: Record<string, string>;
};

const yesNoAi = { label: 'Made with AI', help: 'Marks the post as AI-generated content, as the platform asks.' };
const thumbnail = { label: 'Cover image', help: 'An image from your media library shown before the video plays.' };
const musicSound = {
  label: 'Music',
  help: 'A sound from the platform’s music library, with its volume and the part to play.',
};

export const OPTION_COPY: Record<string, OptionCopy> = {
  // Parts named the same everywhere.
  '*.uploadId': { label: 'Media' },
  '*.altText': { label: 'Alt text', help: 'Describes the image for people using screen readers.' },
  '*.musicSoundId': { label: 'Sound ID', help: 'The sound’s ID, from the sound’s page on the platform.' },
  '*.musicSoundVolume': { label: 'Music volume (0–100)' },
  '*.musicSoundStart': { label: 'Music starts at (seconds)' },
  '*.musicSoundEnd': { label: 'Music ends at (seconds)' },
  '*.videoOriginalSoundVolume': { label: 'Video’s own sound volume (0–100)' },
  '*.username': { label: 'Username' },
  '*.x': { label: 'X position (0–1)', help: '0 is the left edge of the photo, 1 the right.' },
  '*.y': { label: 'Y position (0–1)', help: '0 is the top of the photo, 1 the bottom.' },

  'TIKTOK.type': { label: 'Post as', common: true, values: { VIDEO: 'A video', IMAGE: 'A photo post' } },
  'TIKTOK.privacy': {
    label: 'Who can watch',
    common: true,
    values: {
      PUBLIC_TO_EVERYONE: 'Everyone',
      MUTUAL_FOLLOW_FRIENDS: 'Friends (people who follow each other)',
      FOLLOWER_OF_CREATOR: 'Your followers',
      SELF_ONLY: 'Only you',
    },
  },
  'TIKTOK.thumbnail': { ...thumbnail, common: true },
  'TIKTOK.disableComments': { label: 'Turn off comments', common: true },
  'TIKTOK.photoCoverIndex': { label: 'Cover photo number', help: 'Which photo of a photo post is its cover (the first is 0).' },
  'TIKTOK.isBrandContent': { label: 'Paid partnership', help: 'You are promoting another brand in exchange for something.' },
  'TIKTOK.isOrganicBrandContent': { label: 'Promotes your own brand', help: 'The post promotes your own business or product.' },
  'TIKTOK.disableDuet': { label: 'Turn off Duets', help: 'People cannot record a Duet with this video.' },
  'TIKTOK.disableStitch': { label: 'Turn off Stitch', help: 'People cannot use clips of this video in theirs.' },
  'TIKTOK.thumbnailOffset': { label: 'Cover frame (milliseconds)', help: 'The moment of the video used as its cover, when no cover image is set.' },
  'TIKTOK.isAiGenerated': yesNoAi,
  'TIKTOK.autoAddMusic': { label: 'Add music automatically', help: 'TikTok picks music for a photo post.' },
  'TIKTOK.autoScale': { label: 'Fit photos automatically', help: 'TikTok scales photos to its format.' },
  'TIKTOK.uploadToDraft': { label: 'Send to TikTok drafts', help: 'The video lands in your TikTok inbox to finish and post from the app.' },
  'TIKTOK.musicSoundInfo': musicSound,

  'YOUTUBE.type': { label: 'Post as', common: true, values: { SHORT: 'A Short (vertical video)', VIDEO: 'A regular video' } },
  'YOUTUBE.description': { label: 'Description', help: 'Shown under the video. Without one, the shared text is used.', common: true },
  'YOUTUBE.thumbnail': { ...thumbnail, common: true },
  'YOUTUBE.privacy': {
    label: 'Who can watch',
    common: true,
    values: { PUBLIC: 'Everyone', UNLISTED: 'Anyone with the link', PRIVATE: 'Only you and people you choose' },
  },
  'YOUTUBE.madeForKids': { label: 'Made for kids', help: 'Required by law (COPPA) when the video is aimed at children.', common: true },
  'YOUTUBE.defaultLanguage': { label: 'Language of the title and description', help: 'A language code such as en or pt-BR.' },
  'YOUTUBE.defaultAudioLanguage': { label: 'Language spoken in the video', help: 'A language code such as en or pt-BR.' },
  'YOUTUBE.containsSyntheticMedia': { label: 'Contains realistic AI-made or altered content', help: 'YouTube asks creators to disclose it.' },
  'YOUTUBE.hasPaidProductPlacement': { label: 'Includes paid promotion', help: 'A sponsor paid for a product placement or endorsement.' },

  'INSTAGRAM.type': { label: 'Post as', common: true, values: { POST: 'A feed post', REEL: 'A reel', STORY: 'A story' } },
  'INSTAGRAM.altText': { label: 'Alt text', help: 'Describes the photo for people using screen readers.', common: true },
  'INSTAGRAM.collaborators': { label: 'Collaborators', help: 'Instagram usernames, separated by commas: the post shows on their profiles too.', common: true },
  'INSTAGRAM.carouselItems': {
    label: 'Carousel slides',
    help: '2 to 10 slides, each with its own alt text and tags, sent instead of the media above.',
    common: true,
  },
  'INSTAGRAM.carouselItems.tagged': { label: 'People tagged on this slide' },
  'INSTAGRAM.locationId': { label: 'Location', help: 'Search the place by name and pick it from the list.', common: true },
  'INSTAGRAM.tagged': { label: 'People tagged', help: 'Usernames and where they appear on the photo.', common: true },
  'INSTAGRAM.thumbnailOffset': { label: 'Cover frame (milliseconds)', help: 'The moment of a reel used as its cover, when no cover image is set.' },
  'INSTAGRAM.thumbnail': thumbnail,
  'INSTAGRAM.shareToFeed': { label: 'Also show the reel in the feed', help: 'Without it, the reel appears only in the Reels tab.' },
  'INSTAGRAM.autoFitImage': { label: 'Fit photos to Instagram’s shape', help: 'Adds borders instead of refusing a photo outside 4:5 to 1.91:1.' },
  'INSTAGRAM.autoCropImage': { label: 'Crop photos to Instagram’s shape', help: 'Crops the middle of a photo outside 4:5 to 1.91:1.' },
  'INSTAGRAM.trialParams': { label: 'Trial reel', help: 'Shown first to people who do not follow you.' },
  'INSTAGRAM.trialParams.graduationStrategy': {
    label: 'Share with followers',
    values: { MANUAL: 'When you decide', SS_PERFORMANCE: 'Automatically, if it performs well' },
  },
  'INSTAGRAM.isPaidPartnership': { label: 'Paid partnership', help: 'Adds the “Paid partnership” label.' },
  'INSTAGRAM.brandedContentSponsors': { label: 'Sponsors', help: 'Instagram usernames of the brands, separated by commas.' },
  'INSTAGRAM.musicSoundInfo': musicSound,
  'INSTAGRAM.isAiGenerated': yesNoAi,

  'FACEBOOK.type': { label: 'Post as', common: true, values: { POST: 'A post', REEL: 'A reel', STORY: 'A story' } },
  'FACEBOOK.mediaItems': { label: 'Media with alt text', help: 'Sent instead of the media above; the alt text written beside the media is usually enough.' },
  'FACEBOOK.link': { label: 'Link', help: 'A web page shown as a preview card under the text.', common: true },
  'FACEBOOK.thumbnail': thumbnail,
  'FACEBOOK.mediaTitle': { label: 'Video title' },
  'FACEBOOK.nativeScheduleTime': { label: 'Schedule on Facebook at', help: 'Facebook holds the post and publishes it itself at this time.' },
  'FACEBOOK.textFormatPresetId': { label: 'Coloured background', help: 'A background behind a short text post without media.' },

  'TWITTER.mediaItems': { label: 'Media with alt text', help: 'Sent instead of the media above; the alt text written beside the media is usually enough.' },
  'TWITTER.replySettings': {
    label: 'Who can reply',
    common: true,
    values: {
      EVERYONE: 'Everyone',
      FOLLOWING: 'Accounts you follow',
      MENTIONED_USERS: 'Only people you mention',
      SUBSCRIBERS: 'Your subscribers',
      VERIFIED: 'Verified accounts',
    },
  },
  'TWITTER.poll': { label: 'Poll', common: true },
  'TWITTER.thread': { label: 'Thread', help: 'More posts published as replies under this one.', common: true },
  'TWITTER.quoteTweetId': { label: 'Quote a post', help: 'The ID at the end of the post’s link (x.com/…/status/ID).' },
  'TWITTER.replyToTweetId': { label: 'Reply to a post', help: 'The ID at the end of the post’s link (x.com/…/status/ID).' },
  'TWITTER.subscribersOnly': { label: 'Only for subscribers' },
  'TWITTER.tweetStorm': { label: 'Split long text into a thread', help: 'Text over 280 characters becomes several posts.' },
  'TWITTER.tweetStormNumbering': { label: 'Number the thread’s posts (1/3, 2/3…)' },
  'TWITTER.isAiGenerated': yesNoAi,

  'THREADS.mediaItems': { label: 'Media with alt text', help: 'Sent instead of the media above; the alt text written beside the media is usually enough.' },
  'THREADS.topicTag': { label: 'Topic', help: 'One topic the post is filed under (no #).', common: true },
  'THREADS.replyControl': {
    label: 'Who can reply',
    common: true,
    values: {
      everyone: 'Everyone',
      accounts_you_follow: 'Accounts you follow',
      mentioned_only: 'Only people you mention',
      parent_post_author_only: 'Only the author of the post you reply to',
      followers_only: 'Your followers',
    },
  },
  'THREADS.poll': { label: 'Poll', help: 'Two to four choices.', common: true },
  'THREADS.linkAttachment': { label: 'Link', help: 'A web page shown as a preview card.' },
  'THREADS.gif': { label: 'GIF' },
  'THREADS.gif.gifId': { label: 'GIF ID', help: 'The GIF’s ID at its provider.' },
  'THREADS.gif.provider': { label: 'From', values: { TENOR: 'Tenor', GIPHY: 'GIPHY' } },
  'THREADS.allowlistedCountryCodes': { label: 'Only in these countries', help: 'Two-letter country codes, separated by commas (e.g. US, GB, FR).' },
  'THREADS.crosspostToInstagramStory': { label: 'Also share to your Instagram story' },
  'THREADS.crosspostToInstagramStoryDarkMode': { label: 'Use the dark style on the Instagram story' },

  'LINKEDIN.link': { label: 'Link', help: 'A web page shown as a preview card under the text.', common: true },
  'LINKEDIN.privacy': {
    label: 'Who can see it',
    common: true,
    values: { PUBLIC: 'Anyone', CONNECTIONS: 'Your connections', LOGGED_IN: 'Anyone signed in to LinkedIn', CONTAINER: 'Members of the group' },
  },
  'LINKEDIN.thumbnail': { label: 'Link preview image', help: 'Replaces the image LinkedIn finds on the linked page.' },
  'LINKEDIN.mediaTitle': { label: 'Media title', help: 'The title shown on an attached document or video.' },
  'LINKEDIN.hideFromFeed': { label: 'Keep out of the feed', help: 'Visible on your page, not pushed to followers’ feeds.' },
  'LINKEDIN.disableReshare': { label: 'Turn off reposting' },

  'PINTEREST.boardName': { label: 'Board', help: 'The name of one of your boards, as it appears on Pinterest.', common: true },
  'PINTEREST.description': { label: 'Description', help: 'Shown under the pin; people search it.', common: true },
  'PINTEREST.link': { label: 'Destination link', help: 'Where the pin takes people who click it.', common: true },
  'PINTEREST.altText': { label: 'Alt text', help: 'Describes the image for people using screen readers.', common: true },
  'PINTEREST.thumbnail': thumbnail,
  'PINTEREST.note': { label: 'Private note', help: 'Only you see it on the pin.' },
  'PINTEREST.dominantColor': { label: 'Placeholder colour', help: 'A hex colour (#aabbcc) shown while the image loads.' },
  'PINTEREST.isAiGenerated': yesNoAi,

  'REDDIT.sr': { label: 'Subreddit', help: 'Its name without r/ (e.g. coffee).', common: true },
  'REDDIT.description': { label: 'Body text', help: 'The text under the title.', common: true },
  'REDDIT.link': { label: 'Link', help: 'Makes it a link post.', common: true },
  'REDDIT.flairId': { label: 'Flair', help: 'One of the subreddit’s flairs (some subreddits require one).', common: true },
  'REDDIT.nsfw': { label: 'Mark as NSFW', common: true },

  'MASTODON.privacy': {
    label: 'Who can see it',
    common: true,
    values: { PUBLIC: 'Everyone', UNLISTED: 'Everyone, but kept out of public timelines', PRIVATE: 'Your followers only', DIRECT: 'Only people you mention' },
  },
  'MASTODON.spoiler': { label: 'Content warning', help: 'Shown first; the text stays hidden until people open it.', common: true },
  'MASTODON.altText': { label: 'Alt text', help: 'Describes the media for people using screen readers.', common: true },
  'MASTODON.poll': { label: 'Poll', common: true },
  'MASTODON.poll.expiresIn': { label: 'Open for (seconds)' },
  'MASTODON.poll.multiple': { label: 'Allow several choices' },
  'MASTODON.poll.hideTotals': { label: 'Hide the results until it closes' },
  'MASTODON.thumbnail': thumbnail,

  'DISCORD.channelId': { label: 'Channel', help: 'The channel’s ID (right-click the channel → Copy Channel ID).', common: true },
  'DISCORD.username': { label: 'Post as name', help: 'The name the message shows instead of the webhook’s.', common: true },
  'DISCORD.avatarUrl': { label: 'Post as picture', help: 'A link to the picture shown beside the message.' },
  'DISCORD.embeds': { label: 'Cards', help: 'Rich cards under the message, with a title, text, image and fields.' },

  'SLACK.channelId': { label: 'Channel', help: 'The channel’s ID (channel details → bottom of the About tab).', common: true },
  'SLACK.username': { label: 'Post as name', common: true },
  'SLACK.avatarUrl': { label: 'Post as picture', help: 'A link to the picture shown beside the message.' },
  'SLACK.blocks': { label: 'Layout blocks', help: 'Slack Block Kit blocks, for richer messages.' },

  'BLUESKY.mediaItems': { label: 'Media with alt text', help: 'Sent instead of the media above; the alt text written beside the media is usually enough.' },
  'BLUESKY.thread': { label: 'Thread', help: 'More posts published as replies under this one.', common: true },
  'BLUESKY.tags': { label: 'Hashtags', help: 'Without #, separated by commas; they do not count against the length.', common: true },
  'BLUESKY.labels': {
    label: 'Content warnings',
    common: true,
    values: {
      '!no-unauthenticated': 'Hide from people who are not signed in',
      porn: 'Adult content',
      sexual: 'Sexually suggestive',
      nudity: 'Non-sexual nudity',
      'graphic-media': 'Graphic media (violence, gore)',
    },
  },
  'BLUESKY.quoteUri': { label: 'Quote a post', help: 'The post’s link or at:// address.' },
  'BLUESKY.externalUrl': { label: 'Link card', help: 'A web page shown as a preview card.' },
  'BLUESKY.externalTitle': { label: 'Link card title' },
  'BLUESKY.externalDescription': { label: 'Link card description' },
  'BLUESKY.thumbnail': { label: 'Link card image' },
  'BLUESKY.videoAlt': { label: 'Video alt text', help: 'Describes the video for people using screen readers.' },
  'BLUESKY.langs': { label: 'Post languages', help: 'Language tags such as en or pt-BR (up to 3): feeds filtered by language show the post.' },

  'GOOGLE_BUSINESS.topicType': {
    label: 'Kind of update',
    common: true,
    values: { STANDARD: 'News', EVENT: 'An event', OFFER: 'An offer', ALERT: 'An alert' },
  },
  'GOOGLE_BUSINESS.callToActionType': {
    label: 'Button',
    common: true,
    values: { BOOK: 'Book', ORDER: 'Order online', SHOP: 'Buy', LEARN_MORE: 'Learn more', SIGN_UP: 'Sign up', CALL: 'Call now' },
  },
  'GOOGLE_BUSINESS.callToActionUrl': { label: 'Button link', help: 'Where the button takes people (not needed for Call now).', common: true },
  'GOOGLE_BUSINESS.eventTitle': { label: 'Event or offer title', help: 'Needed for an event or an offer.', common: true },
  'GOOGLE_BUSINESS.eventStartDate': { label: 'Starts', help: 'Needed for an event or an offer.', common: true },
  'GOOGLE_BUSINESS.eventEndDate': { label: 'Ends', help: 'Needed for an event or an offer.', common: true },
  'GOOGLE_BUSINESS.languageCode': { label: 'Language', help: 'A language code such as en or de.' },
  'GOOGLE_BUSINESS.offerCouponCode': { label: 'Coupon code' },
  'GOOGLE_BUSINESS.offerRedeemOnlineUrl': { label: 'Where to redeem online' },
  'GOOGLE_BUSINESS.offerTermsConditions': { label: 'Offer terms' },
  'GOOGLE_BUSINESS.alertType': { label: 'Alert about', values: { COVID_19: 'COVID-19' } },

  'SNAPCHAT.type': { label: 'Post as', common: true, values: { STORY: 'A story (24 hours)', SAVED_STORY: 'A saved story on your profile' } },
  'SNAPCHAT.description': { label: 'Description', common: true },
  'SNAPCHAT.storyDuration': {
    label: 'Keep the story for',
    common: true,
    values: { ONE_DAY: '1 day', TWO_DAYS: '2 days', THREE_DAYS: '3 days', ONE_WEEK: '1 week' },
  },
  'SNAPCHAT.locale': { label: 'Language', help: 'A locale such as en_US.' },
  'SNAPCHAT.skipSaveToProfile': { label: 'Do not save to your profile' },
};

/** The copy for an option at `scope` (`PLATFORM.option`, or deeper), else for its last part anywhere. */
export function optionCopy(scope: string): OptionCopy | undefined {
  return OPTION_COPY[scope] ?? OPTION_COPY[`*.${scope.split('.').pop()}`];
}
