import type { CsvMappingAnswer, CsvMappingBody, RuleBody, RuleWire } from '../../../../api/platform/contracts/rest.contract';
import { http } from '../../api/http';

/** The bank's rules and CSV column mappings over REST, typed by the server's contract. */
export type RuleView = RuleWire;
export type { CsvMappingBody, RuleBody };
export type CsvMappingView = NonNullable<CsvMappingAnswer['csv_mapping']>;

const rule = (id: string) => `/api/bank-rules/${encodeURIComponent(id)}/`;
const mapping = (accountId: string) => `/api/bank-accounts/${encodeURIComponent(accountId)}/csv-mapping/`;

export const ruleApi = {
  list: () => http.get<RuleView[]>('/api/bank-rules/'),
  create: (body: RuleBody) => http.post<RuleView>('/api/bank-rules/', body),
  /** `version` is the one the form was filled from: an edit made meanwhile is a 409, not overwritten. */
  update: (id: string, body: RuleBody) => http.put<RuleView>(rule(id), body),
  remove: (id: string) => http.delete<void>(rule(id)),
  csvMapping: async (accountId: string) => (await http.get<CsvMappingAnswer>(mapping(accountId))).csv_mapping,
  saveCsvMapping: async (accountId: string, body: CsvMappingBody) => (await http.put<CsvMappingAnswer>(mapping(accountId), body)).csv_mapping,
};
