import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { appTheme } from './theme';

/** WCAG 2 relative luminance of an sRGB colour given as 0–255 channels. */
const luminance = ([r, g, b]: number[]) => {
  const [R, G, B] = [r!, g!, b!].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
};

/** A CSS rgb()/rgba()/#hex colour laid over white: the colour a reader sees. */
const overWhite = (css: string): number[] => {
  const hex = /^#([0-9a-f]{6})$/i.exec(css);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16));
  const m = /^rgba?\(([^)]+)\)$/.exec(css.replace(/\s+/g, ''));
  if (!m) throw new Error(`not a colour: ${css}`);
  const [r, g, b, a = 1] = m[1]!.split(',').map(Number);
  return [r!, g!, b!].map((c) => a * c + (1 - a) * 255);
};

const contrast = (css: string) => (1 + 0.05) / (luminance(overWhite(css)) + 0.05);

describe("the admin theme's text colours", () => {
  const token = theme.getDesignToken(appTheme);

  it.each(['colorText', 'colorTextSecondary', 'colorTextDescription', 'colorTextLabel', 'colorTextHeading'] as const)(
    '%s reads at 4.5:1 or more on white (WCAG AA for body text)',
    (name) => {
      expect(contrast(token[name])).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('measures a known failure: antd’s default description grey is below AA', () => {
    const stock = theme.getDesignToken();
    expect(contrast(stock.colorTextDescription)).toBeLessThan(4.5);
  });
});
