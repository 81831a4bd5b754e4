import type { CompanyInfo, FormAnswer } from '../../../api/platform/contracts/rest.contract';
import type { ContactInput, DemoInput } from '../../../domain/site/form-rules';
import { http } from '../api/http';

export type { CompanyInfo };

// The public site's own client: no cookies, so no session or CSRF token travels with these calls.
const anonymous = { credentials: 'omit' } as const;

export const fetchCompanyInfo = (signal?: AbortSignal) => http.get<CompanyInfo>('/api/company-info/', { ...anonymous, signal });

/** `website` is the honeypot field: people leave it empty. */
export const sendContactMessage = (input: ContactInput & { website?: string }) =>
  http.post<FormAnswer>('/api/contact/', input, anonymous);

export const requestDemo = (input: DemoInput & { website?: string }) => http.post<FormAnswer>('/api/demo-request/', input, anonymous);
