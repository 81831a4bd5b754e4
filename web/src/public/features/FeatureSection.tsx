import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREEN_HEIGHT, SCREEN_WIDTH, screenUrl, type FeatureEntry } from './featureCatalog';
import type { ZoomedScreen } from './ScreenZoomDialog';
import { useRevealOnScroll } from './useRevealOnScroll';

export const REVEAL_DELAY_PER_INDEX_MS = 100;

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

export const FeatureSection = ({ feature, index, onZoom }: { feature: FeatureEntry; index: number; onZoom: (s: ZoomedScreen) => void }) => {
  const { t } = useTranslation();
  const { ref, visible } = useRevealOnScroll<HTMLElement>();
  const base = `features.items.${feature.id}`;
  const bullets = asList(t(`${base}.bullets`, { returnObjects: true }));
  const alts = asList(t(`${base}.alt`, { returnObjects: true }));
  const style = { '--reveal-delay': `${index * REVEAL_DELAY_PER_INDEX_MS}ms` } as CSSProperties;
  return (
    <section
      ref={ref}
      id={feature.id}
      // The first section is on screen in the server's HTML: it is painted at once, not faded in
      // after the scripts run (it would become the page's largest paint, late).
      className={`feature-section${index > 0 ? ' reveal' : ''}${visible ? ' is-visible' : ''}${index % 2 ? ' is-flipped' : ''}`}
      style={style}
      aria-labelledby={`${feature.id}-title`}
      data-testid="feature-section"
    >
      <div className="feature-text">
        <h2 id={`${feature.id}-title`}>{t(`${base}.title`)}</h2>
        <p>{t(`${base}.description`)}</p>
        <ul className="feature-bullets">
          {bullets.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </div>
      <div className={`feature-shots shots-${feature.images.length}`}>
        {feature.images.map((image, i) => {
          const alt = alts[i] ?? t(`${base}.title`);
          return (
            <button
              type="button"
              key={image}
              className="feature-shot"
              onClick={() => onZoom({ src: screenUrl(image), alt })}
              aria-label={t('features.zoom', { name: alt })}
            >
              <img src={screenUrl(image)} alt={alt} width={SCREEN_WIDTH} height={SCREEN_HEIGHT} loading="lazy" decoding="async" />
            </button>
          );
        })}
      </div>
    </section>
  );
};
