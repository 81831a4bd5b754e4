import type { ContactInput, DemoInput } from '../../../domain/site/form-rules';
import { http } from '../api/http';

export interface CompanyInfo {
  name: string;
  address: string;
  phone: string;
  email: string;
  registration_number: string;
  vat_number: string;
  jurisdiction: string;
}

// The public site's own client: no cookies, so no session or CSRF token travels with these calls.
const anonymous = { credentials: 'omit' } as const;

export const fetchCompanyInfo = (signal?: AbortSignal) => http.get<CompanyInfo>('/api/company-info/', { ...anonymous, signal });

/** `website` is the honeypot field: people leave it empty. */
export const sendContactMessage = (input: ContactInput & { website?: string }) =>
  http.post<{ success: boolean }>('/api/contact/', input, anonymous);

export const requestDemo = (input: DemoInput & { website?: string }) => http.post<{ success: boolean }>('/api/demo-request/', input, anonymous);
