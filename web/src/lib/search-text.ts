import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the search reaches the URL. */
const SEARCH_PAUSE_MS = 300;

/**
 * A search box's text, kept in step with its URL parameter: typing reaches the URL after a pause
 * (one navigation per pause, not per key), and a URL that changes by itself (Back, "Clear
 * filters") changes the box. Only a URL value this box did not send overwrites what is typed, so
 * keys pressed while the last pause's navigation lands are kept.
 */
export function useSearchText(committed: string | undefined, commit: (q: string | undefined) => void) {
  const [text, setText] = useState(committed ?? '');
  const sent = useRef(committed ?? '');
  useEffect(() => {
    if ((committed ?? '') === text) return;
    const timer = setTimeout(() => {
      sent.current = text;
      commit(text || undefined);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, committed, commit]);
  useEffect(() => {
    const value = committed ?? '';
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [committed]);
  return [text, setText] as const;
}
