export interface ClientView {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  vatNumber: string;
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
}
