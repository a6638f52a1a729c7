import { PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../lib/useTranslation';

/**
 * A video that loads nothing from the video host until the user asks for it: a poster button
 * first, the iframe only after the click (privacy, data on phones, page speed).
 */
export function VideoEmbed({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  return (
    <div className="aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
      {playing ? (
        <iframe
          src={src}
          title={title}
          loading="lazy"
          className="size-full border-0"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="flex size-full flex-col items-center justify-center gap-2 bg-linear-to-br from-indigo-700 to-slate-900 p-4 text-white focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-white"
        >
          <PlayCircle aria-hidden="true" className="size-10 shrink-0 sm:size-16" />
          <span className="text-base font-semibold">{t('common.video.play')}</span>
          <span className="hidden max-w-md text-center text-sm text-indigo-100 sm:block">{title}</span>
          <span className="max-w-md text-center text-xs text-indigo-200">{t('common.video.notice')}</span>
        </button>
      )}
    </div>
  );
}
