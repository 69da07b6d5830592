import { createHash } from 'node:crypto';
import type { TikTokCmlDateRange, TikTokCmlGenre, TikTokTrack } from '../tiktok-lookups';

/*
 * The sandbox's Commercial Music Library chart (decision 092): the same genre and window always
 * rank the same tracks, with TikTok's field names, song clips and daily history, so the composer's
 * music picker and `musicSoundInfo.musicSoundId` can be tried without a TikTok Business account.
 */
const WORDS = ['Golden', 'Midnight', 'Neon', 'Summer', 'Paper', 'Electric', 'Velvet', 'Ocean', 'Echo', 'Wild', 'Silver', 'Morning'];
const NOUNS = ['Hearts', 'Drive', 'Skyline', 'Rain', 'Bloom', 'Signal', 'Parade', 'Waves', 'Motion', 'Fever', 'Lights', 'Garden'];
const ARTISTS = ['Nova Lane', 'The Tidewaters', 'Kai Ren', 'Lumen', 'Marisol', 'Ada & the Owls', 'Juno Park', 'Static Bloom'];

const digest = (text: string) => createHash('sha256').update(text).digest();

export function sandboxTrendingMusic(genre: TikTokCmlGenre, dateRange: TikTokCmlDateRange, today = new Date()): TikTokTrack[] {
  const days = dateRange === '1DAY' ? 1 : dateRange === '7DAY' ? 7 : 30;
  return Array.from({ length: 20 }, (_, index) => {
    const seed = digest(`${genre}:${dateRange}:${index}`);
    const name = `${WORDS[seed[0]! % WORDS.length]} ${NOUNS[seed[1]! % NOUNS.length]}`;
    const duration = 120 + (seed[2]! % 120);
    const clipId = String(7_000_000_000_000_000_000n + BigInt(seed.readUInt32BE(4)) * 1_000_000n + BigInt(index));
    const trendingClip = String(BigInt(clipId) + 500_000_000n);
    return {
      commercial_music_name: name,
      duration,
      thumbnail_url: `https://p16-sandbox.tiktokcdn.example/music/${clipId}.jpeg`,
      artist: ARTISTS[seed[3]! % ARTISTS.length]!,
      preview_url: `https://sf16-sandbox.tiktokcdn.example/music/${clipId}.mp3`,
      genres: [genre],
      rank_position: String(index + 1),
      trending_history: Array.from({ length: Math.min(days, 7) }, (_, back) => {
        const date = new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
        return { date, rank_position_daily: String(Math.max(1, index + 1 + ((seed[8 + back]! % 5) - 2))) };
      }),
      full_duration_song_clip: { preview_url: `https://sf16-sandbox.tiktokcdn.example/music/${clipId}-full.mp3`, duration, song_clip_id: clipId },
      trending_song_clip: { preview_url: `https://sf16-sandbox.tiktokcdn.example/music/${trendingClip}.mp3`, duration: 30, song_clip_id: trendingClip },
    };
  });
}
