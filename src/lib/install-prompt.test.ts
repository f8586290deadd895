// The "Install the app" action of the installed dashboard: Chromium's beforeinstallprompt kept for
// a button, appinstalled, and the iOS Safari how-to by platform.
import { describe, expect, it, vi } from 'vitest';
import { runInNewContext } from 'node:vm';
import { createInstallPrompt, EARLY_INSTALL_PROMPT_SCRIPT, installHint, type InstallPromptEvent } from './install-prompt';

function fakeWindow() {
  const listeners = new Map<string, (e: Event) => void>();
  return { addEventListener: (type: string, fn: (e: Event) => void) => void listeners.set(type, fn), fire: (type: string, e: Event) => listeners.get(type)?.(e) };
}

function offer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent;
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

describe('install prompt', () => {
  it('keeps the browser offer (holding back its own bar) and prompts once on request', async () => {
    const win = fakeWindow();
    const install = createInstallPrompt();
    install.listen(win);
    expect(install.get()).toEqual({ canPrompt: false, installed: false });
    expect(await install.prompt()).toBe('unavailable');

    const { event, prompt } = offer('dismissed');
    win.fire('beforeinstallprompt', event);
    expect(event.defaultPrevented).toBe(true);
    expect(install.get().canPrompt).toBe(true);
    expect(await install.prompt()).toBe('dismissed');
    expect(prompt).toHaveBeenCalledTimes(1);
    // an offer prompts once; the browser makes the next one
    expect(install.get().canPrompt).toBe(false);
    expect(await install.prompt()).toBe('unavailable');
  });

  // a stress run: on a busy machine Chromium's one offer of a page came before the app's code ran
  it('an offer that came before the app listened: the document kept it (its bar held back), the app takes it', async () => {
    const win = fakeWindow() as ReturnType<typeof fakeWindow> & Record<string, unknown>;
    runInNewContext(EARLY_INSTALL_PROMPT_SCRIPT, { addEventListener: win.addEventListener, window: win });
    const { event, prompt } = offer('accepted');
    win.fire('beforeinstallprompt', event);
    expect(event.defaultPrevented).toBe(true);
    const install = createInstallPrompt();
    install.listen(win);
    expect(install.get().canPrompt).toBe(true);
    expect(await install.prompt()).toBe('accepted');
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('installed: no offer any more', () => {
    const win = fakeWindow();
    const install = createInstallPrompt();
    install.listen(win);
    win.fire('beforeinstallprompt', offer('accepted').event);
    win.fire('appinstalled', new Event('appinstalled'));
    expect(install.get()).toEqual({ canPrompt: false, installed: true });
  });
});

describe('install hint', () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
  const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
  it.each([
    ['iPhone in Safari', { userAgent: IPHONE, maxTouchPoints: 5, standalone: false, displayStandalone: false }, 'ios'],
    ['iPad (reports a Mac with touch)', { userAgent: IPAD, maxTouchPoints: 5, standalone: false, displayStandalone: false }, 'ios'],
    ['a Mac', { userAgent: IPAD, maxTouchPoints: 0, standalone: false, displayStandalone: false }, 'none'],
    ['iPhone, opened from the home screen', { userAgent: IPHONE, maxTouchPoints: 5, standalone: true, displayStandalone: true }, 'none'],
    ['Android (the browser offers its own prompt)', { userAgent: ANDROID, maxTouchPoints: 5, displayStandalone: false }, 'none'],
  ] as const)('%s -> %s', (_, facts, hint) => {
    expect(installHint(facts)).toBe(hint);
  });
});
