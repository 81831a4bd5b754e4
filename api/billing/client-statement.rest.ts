import type { Request, Response } from 'express';
import type { StatementQuery } from '../contracts/rest.contract';
import { requestLanguage } from '../public/page-head';
import type { ClientStatementService } from './client-statement.service';

const LANGUAGES: readonly string[] = ['en', 'el', 'ru'] satisfies NonNullable<StatementQuery['lang']>[];

const one = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

/** The reader's language: `lang` as the screen sends it, else what the web app's detector would pick. */
export const statementLanguage = (req: Request): string => {
  const lang = one(req.query.lang);
  return typeof lang === 'string' && LANGUAGES.includes(lang) ? lang : requestLanguage(req);
};

/** Answers GET …/statement/?from=&to=&lang= with the client's statement as a PDF download. */
export const sendStatement = async (req: Request, res: Response, statements: ClientStatementService, clientId: string): Promise<void> => {
  const query = req.query; // Express 5 parses the query string again at every access.
  const file = await statements.pdf(clientId, { from: one(query.from), to: one(query.to), asOf: one(query.as_of) }, statementLanguage(req));
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(file.pdf);
};
