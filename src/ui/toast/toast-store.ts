import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@/domain/constants';
import type { Clock, TimerHandle } from '@/ports/clock';

type ToastVariant = 'default' | 'destructive';

interface ToastAction {
  label: string;
  /** What a screen reader user is told to do instead (Radix requires it). */
  altText: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  action?: ToastAction;
  variant?: ToastVariant;
}

export interface Toast extends ToastInput {
  id: string;
  variant: ToastVariant;
  open: boolean;
}

/** The toasts on screen (spec: one at a time); a dismissed toast is dropped after the removal delay. */
export class ToastStore {
  private toasts: readonly Toast[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly removals = new Map<string, TimerHandle>();
  private nextId = 1;

  constructor(private readonly clock: Clock) {}

  getSnapshot = (): readonly Toast[] => this.toasts;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  show(input: ToastInput): string {
    const toast: Toast = { ...input, id: String(this.nextId++), variant: input.variant ?? 'default', open: true };
    const kept = [toast, ...this.toasts].slice(0, TOAST_LIMIT);
    for (const gone of this.toasts) if (!kept.includes(gone)) this.cancelRemoval(gone.id);
    this.set(kept);
    return toast.id;
  }

  dismiss(id: string): void {
    if (!this.toasts.some((t) => t.id === id && t.open)) return;
    this.set(this.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
    this.removals.set(
      id,
      this.clock.setTimeout(() => this.remove(id), TOAST_REMOVE_DELAY_MS),
    );
  }

  private remove(id: string): void {
    this.cancelRemoval(id);
    this.set(this.toasts.filter((t) => t.id !== id));
  }

  private cancelRemoval(id: string): void {
    const handle = this.removals.get(id);
    if (handle !== undefined) this.clock.clearTimeout(handle);
    this.removals.delete(id);
  }

  private set(next: readonly Toast[]): void {
    this.toasts = next;
    for (const listener of this.listeners) listener();
  }
}
