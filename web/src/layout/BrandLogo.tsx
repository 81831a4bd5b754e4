/** The brand mark: a shield with a check, drawn inline so the navbar needs no image request. */
export const BrandLogo = ({ size = 32 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <path d="M16 2 4 6.5v8.2C4 22.3 9.1 28 16 30c6.9-2 12-7.7 12-15.3V6.5L16 2Z" fill="#0b57d0" />
    <path d="M16 5.2 7 8.6v6.1c0 5.8 3.8 10.3 9 12.1V5.2Z" fill="#3b82f6" />
    <path d="m10.5 16.2 3.8 3.8 7.4-8" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
