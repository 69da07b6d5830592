// Browser-safe (see docs/decisions/011): the composer may build the same commentary as the API.

export type LinkedinMentionTag = { display: string; urn: string };

/** The entities LinkedIn's commentary can mention. */
export const LINKEDIN_MENTION_URN = /^urn:li:(person|organization|organizationBrand):[A-Za-z0-9_-]{1,64}$/;

/** Marks a placed mention while the other tags are matched: a private-use character no one types. */
const MARK = '\uE000';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * LinkedIn's commentary with mentions (`@[Name](urn:li:person:…)`, its "little text" format):
 * each tag replaces the first place the text names it (`@Name` or `Name`, any case); a tag the
 * text does not name is appended at the end. Text around the mentions is kept as written.
 */
export function buildLinkedinCommentary(text: string, tags: LinkedinMentionTag[]): string {
  let commentary = text;
  const placed: string[] = [];
  const appended: string[] = [];
  for (const tag of tags) {
    const mention = `@[${tag.display}](${tag.urn})`;
    // Placeholders keep a later tag from matching inside a mention already placed.
    const pattern = new RegExp(`@?${escapeRegExp(tag.display)}`, 'i');
    if (tag.display.trim() && pattern.test(commentary)) {
      commentary = commentary.replace(pattern, `${MARK}${placed.length}${MARK}`);
      placed.push(mention);
    } else appended.push(mention);
  }
  commentary = commentary.replace(new RegExp(`${MARK}(\\d+)${MARK}`, 'g'), (_all, index: string) => placed[Number(index)]!);
  if (appended.length === 0) return commentary;
  const separator = commentary === '' || /\s$/.test(commentary) ? '' : ' ';
  return `${commentary}${separator}${appended.join(' ')}`;
}
