import type { ThemeConfig } from 'antd';

/** The spec's breakpoints (xs 0, sm 576, md 768, lg 992, xl 1200, xxl 1400), each with its min/max pair. */
const breakpoints = {
  screenXS: 0,
  screenXSMin: 0,
  screenXSMax: 575,
  screenSM: 576,
  screenSMMin: 576,
  screenSMMax: 767,
  screenMD: 768,
  screenMDMin: 768,
  screenMDMax: 991,
  screenLG: 992,
  screenLGMin: 992,
  screenLGMax: 1199,
  screenXL: 1200,
  screenXLMin: 1200,
  screenXLMax: 1399,
  screenXXL: 1400,
  screenXXLMin: 1400,
  screenXXLMax: 1919,
};

export const BRAND_PRIMARY = '#0b57d0';

export const appTheme: ThemeConfig = {
  token: {
    ...breakpoints,
    colorPrimary: BRAND_PRIMARY,
    colorLink: BRAND_PRIMARY,
    borderRadius: 8,
    // antd's description grey (secondary Typography, hints) is 45 % black: 3.4:1 on white, below WCAG AA.
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};
