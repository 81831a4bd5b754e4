import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../common/icons';
import { SCREEN_HEIGHT, SCREEN_WIDTH } from './featureCatalog';

export interface ZoomedScreen {
  src: string;
  alt: string;
}

/**
 * The screenshot zoom: a native modal <dialog> (focus kept inside, background inert). It closes on
 * Escape, on its close button and on a click on the backdrop; CSS runs the 300 ms dialog and
 * 150 ms backdrop transitions.
 */
export const ScreenZoomDialog = ({ screen, onClose }: { screen: ZoomedScreen | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  // Keeps the picture while the closing transition runs.
  const shown = useRef<ZoomedScreen | null>(null);
  if (screen) shown.current = screen;
  const current = screen ?? shown.current;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (screen && !dialog.open) dialog.showModal();
    if (!screen && dialog.open) dialog.close();
  }, [screen]);

  return (
    <dialog
      ref={ref}
      className="zoom-dialog"
      aria-label={current?.alt}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {current && (
        <figure className="zoom-figure">
          <button type="button" className="zoom-close" aria-label={t('buttons.close')} onClick={onClose} autoFocus>
            <CloseIcon />
          </button>
          <img src={current.src} alt={current.alt} width={SCREEN_WIDTH} height={SCREEN_HEIGHT} />
          <figcaption>{current.alt}</figcaption>
        </figure>
      )}
    </dialog>
  );
};
