import { describe, expect, it } from 'vitest';
import type { Post } from '@/api/post-query-keys';
import { mediaNotes, platformIds, platformStatusText, readableLink } from './platform-result';

describe('a platform’s answer in words', () => {
  it('reads statuses, names ids and keeps the permalink and status out of the ids', () => {
    expect(platformStatusText('PUBLISH_COMPLETE')).toBe('Live on the platform');
    expect(platformStatusText('SOMETHING_NEW')).toBe('Something new');
    expect(platformStatusText(undefined)).toBeNull();
    const ids = platformIds({ id: '17', creationId: '170', requestId: 'r1', permalink: 'https://x', status: 'PUBLISH_COMPLETE', thumbnail: 'https://t' });
    expect(ids).toEqual([
      { key: 'id', label: 'Post id', value: '17' },
      { key: 'creationId', label: 'Media container id', value: '170' },
      { key: 'requestId', label: 'Publish request id', value: 'r1' },
    ]);
    expect(readableLink('https://www.instagram.com/p/Cx1/')).toBe('instagram.com/p/Cx1/');
  });

  it('says what was done to the media once published, and what is still offered', () => {
    const post = {
      data: { INSTAGRAM: { uploadIds: ['u1', 'u2'] } },
      mediaWarnings: {
        INSTAGRAM: [
          { path: ['uploadIds', 0], uploadId: 'u1', kind: 'convert', applied: true, message: 'Instagram takes JPEG photos: this PNG will be converted' },
          { path: ['uploadIds', 1], uploadId: 'u2', kind: 'crop', applied: false, crop: { left: 0, top: 1, width: 8, height: 10 }, message: 'Crop it?' },
        ],
      },
    } as unknown as Post;
    expect(mediaNotes(post, 'INSTAGRAM', false, 'Instagram')).toEqual([
      { text: 'Instagram takes JPEG photos: this PNG will be converted', offer: false },
      { text: 'Crop it?', offer: true },
    ]);
    expect(mediaNotes(post, 'INSTAGRAM', true, 'Instagram')).toEqual([
      { text: 'Sent to Instagram as a JPEG; the original upload is kept', offer: false },
      { text: 'Crop it?', offer: true },
    ]);
  });
});
