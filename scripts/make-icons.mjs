#!/usr/bin/env node
// Renders public/favicon.svg into the PNG icons of the web app manifest, and the product
// placeholder (scripts/images/product-placeholder.svg) into public/images/product-placeholder.png,
// with the system Chromium. Run after changing either: node scripts/make-icons.mjs
// The placeholder is a raster image: the page decodes it off the main thread, where an SVG
// image is a document of its own, built on the main thread for every picture that shows it.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';

const svg = readFileSync('public/favicon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const [file, size, padding] of [['icon-192.png', 192, 0], ['icon-512.png', 512, 0], ['icon-maskable-512.png', 512, 0.2]]) {
  await page.setViewportSize({ width: size, height: size });
  // maskable icons keep their content inside the 80 % safe zone on a full-bleed background
  const inner = Math.round(size * (1 - padding));
  await page.setContent(`<body style="margin:0;background:${padding ? '#0b6e4f' : 'transparent'};display:grid;place-items:center;height:${size}px">
    <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body>`);
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: !padding });
}
const placeholder = readFileSync('scripts/images/product-placeholder.svg', 'utf8');
await page.setViewportSize({ width: 500, height: 500 });
await page.setContent(`<body style="margin:0">${placeholder}</body>`);
await page.screenshot({ path: 'public/images/product-placeholder.png', clip: { x: 0, y: 0, width: 500, height: 500 } });
await browser.close();
