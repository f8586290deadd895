// @vitest-environment happy-dom
// The patient information is third-party HTML (spec §7 compendium): shown as sanitised text —
// no script, no event handler, no style injection. A hostile sample goes
// through the allow-list and is rendered; nothing of it may run, load or style the page.
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SafeContent } from './safe-content';
import { looksLikeHtml, MAX_DEPTH, patientInformationNodes, plainTextNodes, sanitiseHtml, type SafeNode } from './safe-html';

// (svg and math come last: a parser that stays in foreign content after them — happy-dom's does —
// would otherwise take the readable rest with them; Chromium's parser leaves them at </svg>)
const HOSTILE = `
<h1 onclick="window.__xss = 'h1'">Was ist Liporva?</h1>
<script>window.__xss = 'script'</script>
<p style="position:fixed;top:0;left:0;width:100vw;height:100vh;background:red" class="evil" id="root">Liporva enthält <b>Atorvastatin</b>.</p>
<img src="x" onerror="window.__xss = 'img'">
<a href="javascript:window.__xss='link'" onmouseover="window.__xss='hover'">Hier klicken</a>
<iframe srcdoc="<script>parent.__xss='iframe'</script>"></iframe>
<style>body { display: none }</style>
<link rel="stylesheet" href="https://evil.test/x.css">
<object data="evil.swf"></object><embed src="evil.swf">
<template><img src=x onerror="window.__xss='template'"></template>
<noscript><img src=x onerror="window.__xss='noscript'"></noscript>
<base href="https://evil.test/">
<meta http-equiv="refresh" content="0;url=https://evil.test">
<!-- <script>window.__xss='comment'</script> -->
<div onload="window.__xss='div'" data-x="1"><span style="color:red">Wie verwenden Sie <i>Liporva</i>?</span></div>
<table><tr><th scope="col" style="width:9999px" onclick="x()">Dosis</th><td colspan="2" rowspan="javascript:1">10 mg</td></tr></table>
<ul><li onclick="x()">eins</li><li>zwei</li></ul>
<custom-element onclick="x()">Hinweis</custom-element>
<form action="https://evil.test"><input name="q" value="steal"><button>Senden</button></form>
<svg><script>window.__xss='svg'</script><a xlink:href="javascript:alert(1)"><text>svg text</text></a></svg>
<math><mtext><table><mglyph><style><img src=x onerror="window.__xss='mxss'"></style></mglyph></table></mtext></math>
`;

type Global = typeof globalThis & { __xss?: string };

function allTags(nodes: readonly SafeNode[], into: string[] = []): string[] {
  for (const n of nodes) {
    if (typeof n === 'string') continue;
    into.push(n.tag);
    allTags(n.children, into);
  }
  return into;
}

afterEach(() => {
  delete (globalThis as Global).__xss;
});

describe('sanitiseHtml', () => {
  it('keeps the text and the allowed structure of a hostile sample, and nothing else', () => {
    const nodes = sanitiseHtml(HOSTILE);
    const tags = allTags(nodes);
    expect(new Set(tags)).toEqual(new Set(['h3', 'p', 'strong', 'div', 'em', 'table', 'tbody', 'tr', 'th', 'td', 'ul', 'li']));
    const json = JSON.stringify(nodes);
    for (const bad of ['onclick', 'onerror', 'onload', 'onmouseover', 'style', 'javascript', 'evil', 'class', 'srcdoc', 'steal', 'href', 'data-x', 'window.__xss']) {
      expect(json, bad).not.toContain(bad);
    }
    // the readable text stays; the text of dropped elements (script, svg, form, …) does not
    expect(json).toContain('Liporva enthält ');
    expect(json).toContain('Hier klicken');
    expect(json).toContain('Hinweis');
    expect(json).not.toContain('svg text');
    expect(json).not.toContain('Senden');
    // table cells keep only a valid scope and span
    const th = JSON.stringify(nodes).match(/\{"tag":"th","attrs":(\{[^}]*\})/)?.[1];
    expect(th).toBe('{"scope":"col"}');
    expect(json).toContain('{"tag":"td","attrs":{"colSpan":2}');
  });

  it('rendered, nothing of it runs, loads or styles the page', () => {
    const { container } = render(<SafeContent nodes={patientInformationNodes(HOSTILE)} />);
    expect(container.querySelectorAll('script, style, img, iframe, svg, math, form, input, link, meta, base, object, embed, template, a')).toHaveLength(0);
    for (const el of container.querySelectorAll('*')) {
      const names = el.getAttributeNames();
      expect(names.filter((n) => !['colspan', 'rowspan', 'scope'].includes(n)), el.outerHTML).toEqual([]);
    }
    expect((globalThis as Global).__xss).toBeUndefined();
    expect(container.textContent).toContain('Wie verwenden Sie Liporva?');
    expect(container.querySelector('h3')?.textContent).toBe('Was ist Liporva?');
  });

  it('headings start at the given level and keep their order below it', () => {
    const tags = allTags(sanitiseHtml('<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h6>e</h6>', { headingLevel: 3 }));
    expect(tags).toEqual(['h3', 'h3', 'h4', 'h5', 'h6']);
  });

  it('deep nesting beyond the limit is kept as plain text', () => {
    const deep = `${'<div>'.repeat(MAX_DEPTH + 20)}tief<script>x</script>${'</div>'.repeat(MAX_DEPTH + 20)}`;
    const nodes = sanitiseHtml(deep);
    expect(allTags(nodes)).toHaveLength(MAX_DEPTH);
    expect(JSON.stringify(nodes)).toContain('tief');
  });

  it('drops empty elements and layout whitespace in tables and lists', () => {
    expect(sanitiseHtml('<p></p><p> </p><ul>\n  <li>a</li>\n</ul>')).toEqual([{ tag: 'p', children: [' '] }, { tag: 'ul', children: [{ tag: 'li', children: ['a'] }] }]);
  });
});

describe('plain text', () => {
  // supabase/README.md: the seeded texts are plain text, paragraphs separated by blank lines,
  // each starting with its question as heading
  it('reads blocks between blank lines; a block with more lines has its first as heading', () => {
    const text = 'Was ist Liporva und wann wird es angewendet?\nLiporva enthält Atorvastatin.\nAuf Verschreibung.\n\nKurzer Absatz.\r\n\r\nWie verwenden Sie Liporva?\nNach Verordnung.';
    expect(plainTextNodes(text)).toEqual([
      { tag: 'h3', children: ['Was ist Liporva und wann wird es angewendet?'] },
      { tag: 'p', children: ['Liporva enthält Atorvastatin.'] },
      { tag: 'p', children: ['Auf Verschreibung.'] },
      { tag: 'p', children: ['Kurzer Absatz.'] },
      { tag: 'h3', children: ['Wie verwenden Sie Liporva?'] },
      { tag: 'p', children: ['Nach Verordnung.'] },
    ]);
  });

  it('text that only looks like markup stays text', () => {
    expect(looksLikeHtml('Dosis < 5 mg und > 1 mg')).toBe(false);
    expect(looksLikeHtml('<p>x</p>')).toBe(true);
    const { container } = render(<SafeContent nodes={patientInformationNodes('Achtung <3 Tabletten\nnicht <script> schreiben')} />);
    expect(container.querySelector('script')).toBeNull();
  });

  it('a plain text with a tag-like word is sanitised as HTML, never injected', () => {
    const { container } = render(<SafeContent nodes={patientInformationNodes('Einnahme <script>window.__xss=1</script> morgens')} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toBe('Einnahme  morgens');
    expect((globalThis as Global).__xss).toBeUndefined();
  });
});
