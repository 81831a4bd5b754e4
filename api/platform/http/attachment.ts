import type { Response } from 'express';

/**
 * attachment (or, for a file the browser shows in the page, inline) with an ASCII name for old
 * clients and the exact UTF-8 name (RFC 6266) for the rest.
 */
export const attachment = (res: Response, filename: string, contentType: string, disposition: 'attachment' | 'inline' = 'attachment'): void => {
  const ascii = filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'export';
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
  res.setHeader('Cache-Control', 'private, no-store');
};
