export interface ClientView {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  vatNumber: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Client detail only: paid or credited beyond its invoices (euros). */
  creditBalance?: number;
  createdAt: string;
  user: { id: string; username: string } | null | undefined;
  version: number;
}

export interface ClientValues {
  name: string;
  email: string;
  phone?: string;
  address?: string;
  vatNumber?: string;
  /** Absent on a new client: the company's country. */
  country?: string;
}
