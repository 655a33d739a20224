import { ExternalLink } from 'lucide-react';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { VideoAddress } from '../utils/video-address';

/** Starts the video from 'Start Learning', within the member's click. */
export interface TutorialVideoHandle {
  play: () => void;
}

export interface TutorialVideoProps {
  video: VideoAddress;
  /** The tutorial's title: the player is named after it. */
  title: string;
  ref?: Ref<TutorialVideoHandle>;
}

function OpenTheVideo({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 font-medium text-blue-800 underline">
      Open the video <ExternalLink className="h-4 w-4" aria-hidden="true" />
    </a>
  );
}

/** A tutorial's video as its address allows: the site's embedded player, the browser's player for a file, or a link. */
export function TutorialVideo({ video, title, ref }: TutorialVideoProps) {
  const player = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(false);
  const [failed, setFailed] = useState(false);
  useImperativeHandle(
    ref,
    () => ({
      play: () => {
        setStarted(true);
        void player.current?.play().catch(() => undefined);
      },
    }),
    [],
  );
  const name = `Video: ${title}`;

  switch (video.kind) {
    case 'embed':
      return (
        <iframe
          // Loaded again with autoplay on 'Start Learning': the site's player cannot be started from this page.
          src={started ? video.autoplaySrc : video.src}
          title={name}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          // YouTube refuses to play an embed whose request does not name the page's origin.
          referrerPolicy="strict-origin-when-cross-origin"
          className="aspect-video w-full rounded-md border-0 bg-black"
        />
      );
    case 'file':
      return failed ? (
        <p className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800" data-testid="video-failed">
          This video could not be played here. <OpenTheVideo href={video.src} />
        </p>
      ) : (
        // Members' videos come without captions; the player's own controls are what we can offer.
        <video ref={player} src={video.src} controls preload="metadata" onError={() => setFailed(true)} className="aspect-video w-full rounded-md bg-black" aria-label={name} />
      );
    case 'link':
      return (
        <p className="text-sm text-slate-800">
          <OpenTheVideo href={video.href} />
        </p>
      );
    default: {
      const unknown: never = video;
      return unknown;
    }
  }
}
