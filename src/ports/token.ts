/** A DI token that remembers the type it stands for, so `useService(CLOCK)` is typed. */
export type Token<T> = symbol & { readonly __type?: T };

export function token<T>(description: string): Token<T> {
  return Symbol(description) as Token<T>;
}
