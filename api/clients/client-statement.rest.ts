import type { Request, Response } from 'express';
import type { ClientStatementService } from './client-statement.service';
import { statementLanguage } from '../platform/http/statement-language';

const one = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

/** Answers GET …/statement/?from=&to=&lang= with the client's statement as a PDF download. */
export const sendStatement = async (req: Request, res: Response, statements: ClientStatementService, clientId: string): Promise<void> => {
  const query = req.query; // Express 5 parses the query string again at every access.
  const file = await statements.pdf(clientId, { from: one(query.from), to: one(query.to), asOf: one(query.as_of) }, statementLanguage(req));
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(file.pdf);
};
