// The service worker's routing rules (sw/rules.ts): what is cached how, and what never is.
import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST, isAppNavigation, isDisruptionPost, isProductImage, isSupabaseApi, swConfig } from '../../../sw/rules';

const config = swConfig({
  supabaseUrl: 'https://abc.supabase.co',
  productImageHost: 'https://images.example.test/pi/',
  disruptionUrl: 'https://www.rezeptpost.ch/wp-json/wp/v2/posts?slug=stoerung-{lang}&_fields=title,content',
});
const u = (href: string) => new URL(href);

describe('swConfig', () => {
  it('reads the Supabase origin, the image host and the disruption template', () => {
    expect(config).toEqual({
      supabaseOrigin: 'https://abc.supabase.co',
      productImageHost: 'https://images.example.test/pi',
      disruptionUrl: 'https://www.rezeptpost.ch/wp-json/wp/v2/posts?slug=stoerung-{lang}&_fields=title,content',
    });
  });
  it('defaults to the local stack', () => {
    expect(swConfig({ disruptionUrl: '' }).supabaseOrigin).toBe('http://127.0.0.1:54321');
    expect(swConfig({ supabaseUrl: 'nonsense', disruptionUrl: '' }).supabaseOrigin).toBe('http://127.0.0.1:54321');
  });
});

describe('Supabase is never cached', () => {
  it('recognises the API origin and the API paths on any origin', () => {
    expect(isSupabaseApi(u('https://abc.supabase.co/rest/v1/webshop_customers?select=*'), config)).toBe(true);
    expect(isSupabaseApi(u('https://abc.supabase.co/storage/v1/x'), config)).toBe(true);
    for (const path of ['/auth/v1/token', '/rest/v1/x', '/functions/v1/webshopOrder', '/realtime/v1/websocket', '/auth/v1']) {
      expect(isSupabaseApi(u(`https://app.example.test${path}`), config)).toBe(true);
    }
    expect(isSupabaseApi(u('https://app.example.test/dashboard'), config)).toBe(false);
    expect(isSupabaseApi(u('https://app.example.test/authentic'), config)).toBe(false);
  });
  it('no runtime rule takes a Supabase request, even one under the image host or the disruption path', () => {
    const sameOrigin = swConfig({ supabaseUrl: 'https://abc.supabase.co', productImageHost: 'https://abc.supabase.co', disruptionUrl: 'https://abc.supabase.co/rest/v1/posts?lang={lang}' });
    expect(isProductImage(u('https://abc.supabase.co/PICFRONT/Pharmacode/1/150'), sameOrigin)).toBe(false);
    expect(isDisruptionPost(u('https://abc.supabase.co/rest/v1/posts?lang=de'), sameOrigin)).toBe(false);
  });
});

describe('navigation fallback to the app shell', () => {
  it('covers app routes', () => {
    for (const path of ['/', '/dashboard', '/generics', '/generics/calculator', '/prescriptions?active=false', '/profile/password/reset', '/fr/orders', '/order/orderfinish']) {
      expect(isAppNavigation(u(`http://127.0.0.1:4173${path}`))).toBe(true);
    }
  });
  it('never covers the API, the mailbox or files', () => {
    for (const path of ['/auth/v1/verify?token=x', '/rest/v1/x', '/realtime/v1/websocket', '/functions/v1/x', '/mailbox', '/mailbox/api/messages', '/sw.js', '/icons/icon-192.png', '/manifest.webmanifest', '/robots.txt']) {
      expect(isAppNavigation(u(`http://127.0.0.1:4173${path}`))).toBe(false);
    }
    expect(NAVIGATION_DENYLIST.length).toBeGreaterThan(0);
  });
});

describe('product images', () => {
  it('takes requests under the configured host only', () => {
    expect(isProductImage(u('https://images.example.test/pi/PICFRONT3D/Pharmacode/712345/150'), config)).toBe(true);
    expect(isProductImage(u('https://images.example.test/other'), config)).toBe(false);
    expect(isProductImage(u('https://evil.example.test/pi/x'), config)).toBe(false);
  });
  it('takes nothing when pictures are off', () => {
    expect(isProductImage(u('https://images.example.test/pi/x'), { ...config, productImageHost: '' })).toBe(false);
  });
});

describe('disruption post', () => {
  it('matches the template origin and path in both languages', () => {
    expect(isDisruptionPost(u('https://www.rezeptpost.ch/wp-json/wp/v2/posts?slug=stoerung-de&_fields=title,content'), config)).toBe(true);
    expect(isDisruptionPost(u('https://www.rezeptpost.ch/wp-json/wp/v2/posts?slug=stoerung-fr&_fields=title,content'), config)).toBe(true);
    expect(isDisruptionPost(u('https://www.rezeptpost.ch/wp-json/wp/v2/pages'), config)).toBe(false);
    expect(isDisruptionPost(u('https://evil.example.test/wp-json/wp/v2/posts'), config)).toBe(false);
  });
  it('handles {lang} in the path and a disabled banner', () => {
    const inPath = { ...config, disruptionUrl: 'https://status.example.test/{lang}/notice.json' };
    expect(isDisruptionPost(u('https://status.example.test/fr/notice.json'), inPath)).toBe(true);
    expect(isDisruptionPost(u('https://status.example.test/other/notice.json'), inPath)).toBe(false);
    expect(isDisruptionPost(u('https://www.rezeptpost.ch/wp-json/wp/v2/posts'), { ...config, disruptionUrl: '' })).toBe(false);
  });
});
