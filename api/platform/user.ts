/** The signed-in user as every module sees it (loaded per request by api/auth's session middleware). */
export interface User {
  id: string;
  username: string;
  email: string | null;
  is_superuser: boolean;
  client_id: string | null;
  language: string;
  two_factor_enabled: boolean;
  /** Set per request (api/auth/two-factor): a superuser who must enrol before using the admin area. */
  two_factor_setup_required?: boolean;
  /** The password was generated (printed at first start, given to a client): choose one before anything else. */
  password_change_required: boolean;
}
