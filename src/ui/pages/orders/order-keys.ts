/** TanStack Query keys of the shopper's orders (this device's). */
export const orderKeys = {
  all: ['orders'] as const,
  mine: () => ['orders', 'mine'] as const,
  detail: (number: string) => ['orders', 'detail', number] as const,
};
