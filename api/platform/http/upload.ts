import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { ValidationError } from '../../../domain/shared/errors';

const INVALID = 'Please correct the errors below.';

/**
 * Middleware reading one file in the multipart field `file`, held in memory: refused past
 * `maxBytes` without reading further, and nothing else of any size. What multer refuses, and a
 * body that is not a complete multipart form, is a 400 on `file` naming what to send (`what`:
 * "the e-invoice", "the document", "a statement file"); a form without the file says `missing`
 * when given (which formats to choose from).
 */
export const singleFileUpload = (options: { maxBytes: number; what: string; missing?: string }) => {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: options.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 } }).single('file');
  const megabytes = Math.round(options.maxBytes / (1024 * 1024));
  const messages: Record<string, string> = {
    LIMIT_FILE_SIZE: `The file is over ${megabytes} MB (${options.maxBytes} bytes), the most ${options.what} may be.`,
    LIMIT_FILE_COUNT: 'Send one file at a time.',
    LIMIT_UNEXPECTED_FILE: `Send ${options.what} in the field "file".`,
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!req.is('multipart/form-data')) {
      next(new ValidationError(INVALID, { file: [`Send ${options.what} as multipart/form-data, the file in the field "file".`] }));
      return;
    }
    upload(req, res, (err: unknown) => {
      if (!err) {
        if (!req.file) return next(new ValidationError(INVALID, { file: [options.missing ?? `Send ${options.what} in the field "file".`] }));
        return next();
      }
      if (err instanceof multer.MulterError) return next(new ValidationError(INVALID, { file: [messages[err.code] ?? `The upload could not be read (${err.code}).`] }));
      if (err instanceof Error && /multipart|boundary|Unexpected end/i.test(err.message)) return next(new ValidationError(INVALID, { file: ['The upload could not be read: it is not a complete multipart form.'] }));
      next(err);
    });
  };
};
