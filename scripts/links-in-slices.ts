// Appending a `<link rel="modulepreload">` costs the main thread 3–4 ms on this machine, 12–16 ms
// at 4× CPU (the module is fetched and compiled at once when the service worker or the memory
// cache has it): a route's twenty links in one go were a task of 120–210 ms at 4× CPU after the
// first paint (issue 36, item 4). The documents' scripts append their links a few at a time, one
// task each.

/** Links appended per task. */
export const LINKS_PER_TASK = 2;

/**
 * The source of an ES5 function of one argument, an array of link elements, that appends them to
 * the document's head LINKS_PER_TASK at a time, the rest in later tasks.
 */
export const APPEND_IN_SLICES = `function(q){(function s(){for(var n=0;n<${LINKS_PER_TASK}&&q.length;n++)document.head.appendChild(q.shift());if(q.length)setTimeout(s,0)})()}`;
