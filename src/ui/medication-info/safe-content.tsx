import { createElement, Fragment, type ReactNode } from 'react';
import type { SafeNode } from './safe-html';

/**
 * Renders SafeNodes (safe-html.ts) as React elements: the tags and the few attributes the
 * allow-list kept, text as text. Never sets HTML.
 */
export function SafeContent({ nodes }: { nodes: readonly SafeNode[] }) {
  return <>{render(nodes)}</>;
}

function render(nodes: readonly SafeNode[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (typeof node === 'string') return <Fragment key={i}>{node}</Fragment>;
    if (node.tag === 'br') return <br key={i} />;
    return createElement(node.tag, { key: i, ...node.attrs }, ...render(node.children));
  });
}
