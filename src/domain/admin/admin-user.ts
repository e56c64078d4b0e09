/** The temporary admin user of spec §3, built locally after sign-in (no server is asked). */
export interface AdminUser {
  id: string;
  email: string;
  /** ISO date. */
  created_at: string;
  role: 'admin';
  display_name: string;
  user_metadata: { role: 'admin' };
}

const ADMIN_DISPLAY_NAME = 'Administrateur';

export function makeTemporaryAdmin(email: string, id: string, nowIso: string): AdminUser {
  return {
    id,
    email,
    created_at: nowIso,
    role: 'admin',
    display_name: ADMIN_DISPLAY_NAME,
    user_metadata: { role: 'admin' },
  };
}
