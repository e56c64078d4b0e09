import type { Token } from '@/ports/token';
import { useService } from '../../../di/container-context';

/**
 * A port that a build may not provide yet (the catalogue writer, the picture storage): null
 * instead of an exception, so the page can say so in French rather than fail.
 */
export function useOptionalService<T>(token: Token<T>): T | null {
  try {
    return useService(token);
  } catch {
    return null;
  }
}

export const PORT_MISSING_MESSAGE = 'L’enregistrement des produits n’est pas disponible dans cette version de la boutique.';
