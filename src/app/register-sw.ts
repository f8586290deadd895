// Registers the service worker in production builds. The update prompt and the
// offline-ready notice come with the PWA issue.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void import('workbox-window').then(({ Workbox }) => {
    const wb = new Workbox('/sw.js', { scope: '/' });
    void wb.register();
  });
}
