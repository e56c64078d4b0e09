import { createContext, useContext, type ReactNode } from 'react';
import type { DependencyContainer } from 'tsyringe';
import type { Token } from '@/ports/token';

const ContainerContext = createContext<DependencyContainer | null>(null);

export function ContainerProvider({ container, children }: { container: DependencyContainer; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

/** The one way the UI reaches a port or a service: by its token, from the container in context. */
export function useService<T>(token: Token<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useService must be used inside <ContainerProvider>');
  return container.resolve<T>(token);
}
