import { useEffect, useState, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { setToastHost } from '@/lib/toast';

type Loaded = { Toaster: ComponentType<ToasterProps>; onMounted: () => void };

/** Where toasts appear. Renders nothing until the first toast loads sonner (see lib/toast.ts). */
export function ToastHost() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    setToastHost((sonner) => new Promise<void>((resolve) => setLoaded({ Toaster: sonner.Toaster, onMounted: resolve })));
    return () => setToastHost(null);
  }, []);
  if (!loaded) return null;
  return (
    <>
      <loaded.Toaster position="bottom-right" richColors closeButton toastOptions={{ className: 'font-sans' }} />
      {/* Its effect runs after the Toaster's own, so the first toast is not sent before anyone listens. */}
      <Mounted onMounted={loaded.onMounted} />
    </>
  );
}

function Mounted({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return null;
}
