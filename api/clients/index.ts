export { sendStatement } from './client-statement.rest';
export type { ClientStatementService } from './client-statement.service';
