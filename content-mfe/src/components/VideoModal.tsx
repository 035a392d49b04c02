import { Dialog } from '@shop/shared';
import { embedUrl } from './video';
import styles from './VideoModal.module.css';

/**
 * The video of an advice post in a modal. The player (an iframe of the privacy-enhanced host) exists
 * only while the modal is open: nothing of it loads before the shopper asks. Escape closes it and
 * focus returns to the button that opened it (the shared Dialog).
 */
export function VideoModal({ videoId, title, onClose }: { videoId: string | null; title: string; onClose: () => void }) {
  return (
    <Dialog open={videoId !== null} onClose={onClose} title={title} className={styles.panel}>
      {videoId ? (
        <div className={styles.frame}>
          <iframe
            src={embedUrl(videoId)}
            title={`Video: ${title}`}
            width={560}
            height={315}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      ) : null}
    </Dialog>
  );
}
