/**
 * How a tutorial's video address is shown. Members mostly paste a YouTube or Vimeo page, which a
 * `<video>` cannot play: those become the site's own player in a frame. A direct video file keeps
 * the browser's player; anything else is a link to open it, never a player that stays black.
 */
export type VideoAddress =
  | { kind: 'embed'; src: string; autoplaySrc: string }
  | { kind: 'file'; src: string }
  | { kind: 'link'; href: string };

/*
 * The embed origins are the ones the page's Content-Security-Policy lets into frames
 * (frame-src in services/gateway/src/http/security-headers.ts); change both together.
 */
const YOUTUBE_EMBED = 'https://www.youtube-nocookie.com/embed/';
const VIMEO_EMBED = 'https://player.vimeo.com/video/';

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const YOUTUBE_SHORT_HOST = 'youtu.be';
/** youtube.com/<kind>/<id> */
const YOUTUBE_ID_PATHS = new Set(['shorts', 'embed']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);
const VIMEO_PLAYER_HOST = 'player.vimeo.com';

// @NOTE Only text matching these ever reaches an embed address, so nothing typed can add to it.
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,20}$/;
/** An unlisted Vimeo video's key: vimeo.com/<id>/<hash>, or ?h=<hash> on the player. */
const VIMEO_HASH = /^[0-9a-f]{1,40}$/;

/** Files a browser's own player takes, by the path's extension. */
const VIDEO_FILE = /\.(mp4|m4v|webm|ogv|ogg|mov)$/i;

function parsed(address: string): URL | null {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function segments(url: URL): string[] {
  return url.pathname.split('/').filter(Boolean);
}

function youtubeId(url: URL): string | null {
  const [first, second] = segments(url);
  let id: string | null | undefined;
  if (url.hostname === YOUTUBE_SHORT_HOST) id = first;
  else if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  else if (first === 'watch' && second === undefined) id = url.searchParams.get('v');
  else if (first && YOUTUBE_ID_PATHS.has(first)) id = second;
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoVideo(url: URL): { id: string; hash: string | null } | null {
  const [first, second] = segments(url);
  let id: string | undefined;
  let hash: string | null | undefined;
  if (VIMEO_HOSTS.has(url.hostname)) [id, hash] = [first, second];
  else if (url.hostname === VIMEO_PLAYER_HOST && first === 'video') [id, hash] = [second, url.searchParams.get('h')];
  if (!id || !VIMEO_ID.test(id)) return null;
  return { id, hash: hash && VIMEO_HASH.test(hash) ? hash : null };
}

function withQuery(base: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return query ? `${base}?${query}` : base;
}

function embed(base: string, params: Record<string, string> = {}): VideoAddress {
  return { kind: 'embed', src: withQuery(base, params), autoplaySrc: withQuery(base, { ...params, autoplay: '1' }) };
}

/**
 * What `address` (a tutorial's videoUrl) is: a YouTube or Vimeo video, a video file, or a page to
 * link to; null when it is no http(s) address at all, which is shown as nothing.
 */
export function videoAddressOf(address: string): VideoAddress | null {
  const url = parsed(address);
  if (!url) return null;
  const youtube = youtubeId(url);
  if (youtube) return embed(YOUTUBE_EMBED + youtube);
  const vimeo = vimeoVideo(url);
  if (vimeo) return embed(VIMEO_EMBED + vimeo.id, vimeo.hash ? { h: vimeo.hash } : {});
  return VIDEO_FILE.test(url.pathname) ? { kind: 'file', src: url.href } : { kind: 'link', href: url.href };
}
