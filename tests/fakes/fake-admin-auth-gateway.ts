import type { AdminAuthGateway } from '../../src/ports/admin-auth-gateway';

export const TEST_ADMIN = { email: 'admin@boutique.test', password: 'bon-mot-de-passe' } as const;

/** Accepts one fixed pair, like the local gateway, without hashing. */
export class FakeAdminAuthGateway implements AdminAuthGateway {
  constructor(private readonly admin: { email: string; password: string } = TEST_ADMIN) {}

  async authenticate(email: string, password: string): Promise<{ email: string } | null> {
    return email === this.admin.email && password === this.admin.password ? { email: this.admin.email } : null;
  }
}
