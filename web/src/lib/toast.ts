import type { ExternalToast } from 'sonner';

// Toasts answer a person's action, never the first paint: sonner (about 10 kB gzip) loads with the
// first toast instead of with every page. <ToastHost> mounts its Toaster before that toast shows.

type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']['success']>[0];
type Host = (sonner: Sonner) => Promise<void>;

let host: Host | null = null;
let loaded: Promise<Sonner['toast']> | null = null;

/** Called by <ToastHost> once it is on screen (and with null when it leaves). */
export function setToastHost(next: Host | null) {
  host = next;
}

function sonnerToast(): Promise<Sonner['toast']> {
  loaded ??= import('sonner').then(async (sonner) => {
    await host?.(sonner);
    return sonner.toast;
  });
  return loaded;
}

const show = (kind: 'success' | 'error' | 'warning') => (message: Message, options?: ExternalToast) => {
  void sonnerToast().then((toast) => toast[kind](message, options));
};

export const toast = { success: show('success'), error: show('error'), warning: show('warning') };
