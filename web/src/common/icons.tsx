import type { SVGProps } from 'react';

/** Small inline icons for the public pages, which load no icon library. */
const Icon = ({ d, ...props }: SVGProps<SVGSVGElement> & { d: string }) => (
  <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
    <path d={d} />
  </svg>
);

export const ChevronDownIcon = (p: SVGProps<SVGSVGElement>) => <Icon d="m6 9 6 6 6-6" {...p} />;
export const GlobeIcon = (p: SVGProps<SVGSVGElement>) => <Icon d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-9-9h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" {...p} />;
export const UserIcon = (p: SVGProps<SVGSVGElement>) => <Icon d="M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10Z" {...p} />;
export const MenuIcon = (p: SVGProps<SVGSVGElement>) => <Icon d="M4 6h16M4 12h16M4 18h16" {...p} />;
export const CloseIcon = (p: SVGProps<SVGSVGElement>) => <Icon d="M6 6l12 12M18 6 6 18" {...p} />;
export const CheckIcon = (p: SVGProps<SVGSVGElement>) => <Icon d="m5 12 5 5L20 7" {...p} />;
export const DownloadIcon = (p: SVGProps<SVGSVGElement>) => <Icon d="M12 3v12m0 0-5-5m5 5 5-5M4 21h16" {...p} />;
