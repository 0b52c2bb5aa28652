import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * A file fetched through the session (a letter's draft PDF) as an object URL for a frame or a
 * link: loaded again whenever `key` changes, revoked when it changes or the screen goes, and a
 * failure said with `describe`. The desk's issue preview and the head's signing preview use it.
 */
export function useBlobUrl(
  key: string,
  load: () => Promise<Blob>,
  describe: (error: unknown) => string,
): { url: string | null; failure: string | null } {
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const latest = useRef({ load, describe });
  useLayoutEffect(() => {
    latest.current = { load, describe };
  });
  useEffect(() => {
    let href: string | null = null;
    let live = true;
    latest.current.load().then(
      (blob) => {
        if (!live) return;
        href = URL.createObjectURL(blob);
        setUrl(href);
      },
      (e: unknown) => live && setFailure(latest.current.describe(e)),
    );
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [key]);
  return { url, failure };
}
