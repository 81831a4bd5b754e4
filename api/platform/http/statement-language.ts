import type { Request } from 'express';
import type { StatementQuery } from '../contracts/rest.contract';
import { requestLanguage } from './page-head';

const LANGUAGES: readonly string[] = ['en', 'el', 'ru'] satisfies NonNullable<StatementQuery['lang']>[];

const one = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

/** The reader's language: `lang` as the screen sends it, else what the web app's detector would pick. */
export const statementLanguage = (req: Request): string => {
  const lang = one(req.query.lang);
  return typeof lang === 'string' && LANGUAGES.includes(lang) ? lang : requestLanguage(req);
};
