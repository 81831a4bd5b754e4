import type { Response } from 'express';

/** attachment with an ASCII name for old clients and the exact UTF-8 name (RFC 6266) for the rest. */
export const attachment = (res: Response, filename: string, contentType: string): void => {
  const ascii = filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'export';
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
  res.setHeader('Cache-Control', 'private, no-store');
};
